import { describe, expect, it } from 'vitest';
import { requestOrigin } from '@/lib/http/request-origin';

/** A request as Next.js hands it to a route: its URL names the server's own host. */
const request = (headers: Record<string, string>) =>
  new Request('http://localhost:3000/mcp', { headers });

describe('requestOrigin', () => {
  it('is the host the client addressed, not the one the server names itself by', () => {
    expect(requestOrigin(request({ host: '127.0.0.1:4100' }), false)).toBe('http://127.0.0.1:4100');
  });

  it('follows a trusted proxy’s forwarded host and protocol, and ignores them otherwise', () => {
    const proxied = request({
      host: 'internal:3000',
      'x-forwarded-host': 'docs.example.com, edge',
      'x-forwarded-proto': 'https',
    });
    expect(requestOrigin(proxied, true)).toBe('https://docs.example.com');
    expect(requestOrigin(proxied, false)).toBe('http://internal:3000');
  });

  it('falls back to the URL’s origin for a host that is not one', () => {
    expect(requestOrigin(request({ host: 'bad host/x' }), false)).toBe('http://localhost:3000');
  });
});
