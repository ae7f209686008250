// The production server (`npm start`) answers repeat requests for immutable pages from its
// page cache: the same page and headers Next.js gives, compressed once.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

type Answer = { status: number; headers: Record<string, string>; body: Buffer };

/** One raw HTTP exchange: the bytes as sent, nothing decompressed. */
function ask(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = request(new URL(path, baseUrl), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Asks until the page comes from the cache (Brotli: Next.js itself answers gzip only). */
async function cachedAnswer(path: string): Promise<Answer> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await ask(path, { 'accept-encoding': 'br, gzip' });
    if (answer.headers['content-encoding'] === 'br') return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} never came from the page cache`);
}

const PAGE = '/resources/charges';

describe('the page cache of the production server', () => {
  it('gives the page Next.js renders, with its headers, in Brotli or gzip', async () => {
    const cached = await cachedAnswer(PAGE);
    const fromNext = await ask(PAGE, { 'accept-encoding': 'identity' });
    expect(fromNext.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(cached.body).equals(fromNext.body)).toBe(true);
    expect(Number(cached.headers['content-length'])).toBe(cached.body.length);
    for (const name of ['content-security-policy', 'content-type', 'etag', 'cache-control']) {
      expect(cached.headers[name], name).toBe(fromNext.headers[name]);
    }
    expect(cached.headers.vary).toMatch(/rsc.*Accept-Encoding/);

    const gzipped = await ask(PAGE, { 'accept-encoding': 'gzip;q=1, br;q=0.5' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(fromNext.body)).toBe(true);
  });

  it('answers a known version with 304 and a HEAD without a body', async () => {
    const { headers } = await cachedAnswer(PAGE);
    const revalidated = await ask(PAGE, {
      'accept-encoding': 'br',
      'if-none-match': headers.etag!,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    const head = await ask(PAGE, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(headers['content-length']);
  });

  it('leaves navigation payloads, query strings and unknown paths to Next.js', async () => {
    await cachedAnswer(PAGE);
    // Next.js answers a navigation request with its payload, or a redirect to the payload's URL.
    const payload = await ask(PAGE, { 'accept-encoding': 'br, gzip', rsc: '1' });
    expect(payload.headers['content-type'] ?? '').not.toContain('text/html');
    expect(payload.headers['content-encoding']).not.toBe('br');
    const withQuery = await ask(`${PAGE}?try=abc`, { 'accept-encoding': 'br, gzip' });
    expect(withQuery.status).toBe(200);
    expect(withQuery.headers['content-encoding']).toBe('gzip');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const missing = await ask('/resources/no-such-page', { 'accept-encoding': 'br, gzip' });
      expect(missing.status).toBe(404);
      expect(missing.headers['content-encoding']).not.toBe('br');
    }
  });
});
