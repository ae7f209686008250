import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_URL } from '@/lib/config/public';
import { requestOrigin } from '@/lib/http/request-origin';

/** A request as Next.js hands it to a route: its URL names the server's own host. */
const request = (headers: Record<string, string>) =>
  new Request('http://localhost:3000/mcp', { headers });

const unset = { trustProxy: false, siteUrl: DEFAULT_SITE_URL };
const proxied = { trustProxy: true, siteUrl: DEFAULT_SITE_URL };

describe('requestOrigin', () => {
  it('is the configured site URL when there is one, whatever the request names', () => {
    const forged = request({ host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    const settings = { trustProxy: true, siteUrl: 'https://docs.example.com/' };
    expect(requestOrigin(forged, settings)).toEqual({
      origin: 'https://docs.example.com',
      headers: {},
    });
  });

  it('is the host the client addressed without one, in an answer no cache may share', () => {
    expect(requestOrigin(request({ host: '127.0.0.1:4100' }), unset)).toEqual({
      origin: 'http://127.0.0.1:4100',
      headers: { 'Cache-Control': 'private, no-store', Vary: 'Host' },
    });
    expect(requestOrigin(request({ host: '[::1]:4100' }), unset).origin).toBe('http://[::1]:4100');
  });

  it('follows a trusted proxy’s forwarded host and protocol, and ignores them otherwise', () => {
    const forwarded = request({
      host: 'internal:3000',
      'x-forwarded-host': 'docs.example.com, edge',
      'x-forwarded-proto': 'https',
    });
    expect(requestOrigin(forwarded, proxied)).toEqual({
      origin: 'https://docs.example.com',
      headers: {
        'Cache-Control': 'private, no-store',
        Vary: 'Host, X-Forwarded-Host, X-Forwarded-Proto',
      },
    });
    expect(requestOrigin(forwarded, unset).origin).toBe('http://internal:3000');
  });

  it.each([
    'bad host/x',
    'evil.example"</script>',
    'evil.example:1:2',
    'a@evil.example',
    'x:99999',
  ])('falls back to the URL’s origin for %j, which is not a host', (host) => {
    expect(requestOrigin(request({ host }), unset).origin).toBe('http://localhost:3000');
  });

  it('takes no protocol but http and https from a proxy', () => {
    const forwarded = request({ host: 'docs.example.com', 'x-forwarded-proto': 'javascript' });
    expect(requestOrigin(forwarded, proxied).origin).toBe('http://docs.example.com');
  });
});
