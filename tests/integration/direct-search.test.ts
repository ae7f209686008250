// The production server answers the embedded search's queries itself (server/direct-search.mjs):
// the same answers and errors as the endpoint's route, with the headers of every response.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { EMBEDDED_SEARCH } from '@/lib/search/config';

const baseUrl = inject('baseUrl');
const credentials = `x-algolia-application-id=${EMBEDDED_SEARCH.appId}&x-algolia-api-key=${EMBEDDED_SEARCH.apiKey}`;
const endpoint = `${baseUrl}${EMBEDDED_SEARCH.path}/1/indexes/*/queries`;
const body = (query: string) =>
  JSON.stringify({ requests: [{ indexName: EMBEDDED_SEARCH.indexName, query, hitsPerPage: 5 }] });

const post = (text: string, query = credentials) =>
  fetch(`${endpoint}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: text,
  });

describe('the production server’s search endpoint', () => {
  it('answers queries with hits and the site’s security headers', async () => {
    const response = await post(body('refunds'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const { results } = await response.json();
    expect(results[0].hits[0].path).toBe('/resources/refunds');
  });

  it('compresses an answer in the best coding the client accepts', async () => {
    // Raw bytes as sent: node:http, unlike fetch, does not decode them.
    const raw = (acceptEncoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const outgoing = request(
          `${endpoint}?${credentials}`,
          {
            method: 'POST',
            headers: { 'content-type': 'text/plain', 'accept-encoding': acceptEncoding },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
            );
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body('card'));
      });
    // The hits found, not timings that differ from one answer to the next.
    const hits = (json: Buffer) =>
      (
        JSON.parse(json.toString()) as { results: { hits: { path: string }[] }[] }
      ).results[0]!.hits.map((hit) => hit.path);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(hits(plain.body).length).toBeGreaterThan(0);
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const brotli = await raw('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
    expect(hits(brotliDecompressSync(brotli.body))).toEqual(hits(plain.body));
    const gzipped = await raw('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(hits(gunzipSync(gzipped.body))).toEqual(hits(plain.body));
  });

  it('refuses missing credentials, an unreadable type and other methods as the route does', async () => {
    expect((await post(body('refund'), '')).status).toBe(403);
    const form = await fetch(`${endpoint}?${credentials}`, { method: 'POST', body: 'a=1' });
    expect(form.status).toBe(400);
    const get = await fetch(`${endpoint}?${credentials}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('answers OPTIONS as every method but POST: 405 with Allow: POST, as JSON', async () => {
    const options = await fetch(`${endpoint}?${credentials}`, { method: 'OPTIONS' });
    expect(options.status).toBe(405);
    expect(options.headers.get('allow')).toBe('POST');
    expect(await options.json()).toEqual({
      message: 'Method not allowed: send queries with POST',
      status: 405,
    });
  });

  it('refuses a page beyond the first 1000 hits or past 2^53 with 400, as the route does', async () => {
    const withPage = (page: string) =>
      post(
        `{"requests":[{"indexName":"${EMBEDDED_SEARCH.indexName}","query":"refund","page":${page}}]}`,
      );
    const unsafe = await withPage('9007199254740993');
    expect(unsafe.status).toBe(400);
    expect(await unsafe.json()).toEqual({
      message: 'Invalid request: requests.0.page is too large',
      status: 400,
    });
    expect((await withPage('200')).status).toBe(400);
    const last = await withPage('199');
    expect(last.status).toBe(200);
    expect((await last.json()).results[0]).toMatchObject({ page: 199, hits: [] });
  });

  it('refuses a highlight tag over 50 characters in the params string with 400', async () => {
    const params = new URLSearchParams({ query: 'refund', highlightPreTag: 'x'.repeat(4000) });
    const response = await post(
      JSON.stringify({ requests: [{ indexName: EMBEDDED_SEARCH.indexName, params: `${params}` }] }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/highlightPreTag/);
  });

  it('stops reading a streamed body over the limit with 413', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request(
        `${endpoint}?${credentials}`,
        { method: 'POST', headers: { 'content-type': 'text/plain' } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on('error', reject);
      // Chunked, with no length to refuse up front: 200 KB in 10 KB pieces.
      for (let i = 0; i < 20; i += 1) outgoing.write('a'.repeat(10_000));
      outgoing.end();
    });
    expect(status).toBe(413);
  });
});
