import { describe, expect, it } from 'vitest';
import { markdownForReader } from '@/lib/markdown/reader-copy';
import { serverOf } from '@/lib/openapi/samples/servers';

const page = [
  'Source: <http://localhost:3000/>',
  'See the [error envelope](http://localhost:3000/errors) and http://localhost:3000.',
  'Live keys work only on `https://api.kestrelpay.com`.',
  '```bash',
  'curl http://localhost:3000/sandbox/v1/customers \\',
  "  -H 'Authorization: Bearer sk_test_KestrelDocsSandboxPrivate'",
  '```',
  'Not the site: http://localhost:30001/errors and http://my.localhost:3000/x',
].join('\n');

describe("a page's Markdown as a reader copies it", () => {
  it('names the address the reader is on, for this site and its sandbox', () => {
    const copied = markdownForReader(page, {
      server: serverOf('site'),
      origin: 'https://docs.example.test',
      siteUrl: 'http://localhost:3000',
    });
    expect(copied).toContain('Source: <https://docs.example.test/>');
    expect(copied).toContain('(https://docs.example.test/errors) and https://docs.example.test.');
    expect(copied).toContain('curl https://docs.example.test/sandbox/v1/customers');
    expect(copied).toContain('http://localhost:30001/errors and http://my.localhost:3000/x');
    expect(copied.match(/http:\/\/localhost:3000\b/g)).toBeNull();
    // Prose about another server is not a sample: it keeps what it names.
    expect(copied).toContain('Live keys work only on `https://api.kestrelpay.com`.');
  });

  it("writes samples for the reader's server, keeping page links on the reader's address", () => {
    const copied = markdownForReader(page, {
      server: serverOf('production'),
      origin: 'http://127.0.0.1:4000',
      siteUrl: 'http://localhost:3000',
    });
    expect(copied).toContain('curl https://api.kestrelpay.com/v1/customers');
    expect(copied).toContain('Bearer sk_live_9Qa2Vf7KxR3mT8');
    expect(copied).toContain('```bash\ncurl');
    expect(copied).toContain('(http://127.0.0.1:4000/errors)');
  });

  it('leaves a page read at the configured address as it is', () => {
    const copied = markdownForReader(page, {
      server: serverOf('site'),
      origin: 'http://localhost:3000',
      siteUrl: 'http://localhost:3000',
    });
    expect(copied).toBe(page);
  });
});
