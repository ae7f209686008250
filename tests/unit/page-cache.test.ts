import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache } from '@/server/page-cache.mjs';

type Page = { status: number; headers: Record<string, string>; body: Buffer };
const html = (text: string): Page => ({
  status: 200,
  headers: { 'content-type': 'text/html', etag: `"${text.length}"` },
  body: Buffer.from(text),
});

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A page whose fill never gets an answer from "Next.js". */
const HUNG: Page = { status: 0, headers: {}, body: Buffer.alloc(0) };

/**
 * A server whose "Next.js" answers from `pages` (never, for a HUNG page) and counts how often it
 * is asked.
 */
async function serve(pages: Record<string, Page>, maxBytes?: number, fillTimeoutMs?: number) {
  const asked: string[] = [];
  const cache = createPageCache({
    routes: new Set(Object.keys(pages)),
    fetchPage: (route: string) =>
      pages[route] === HUNG ? new Promise<never>(() => {}) : Promise.resolve(pages[route]!),
    maxBytes,
    fillTimeoutMs,
  });
  server = createServer((req, res) => {
    if (cache.serve(req, res)) return;
    asked.push(req.url!);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('from next');
    cache.learn(req);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
      request({ port, path, headers: { 'accept-encoding': 'br', ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      }).end();
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
  return { asked, cache, get, settle };
}

describe('createPageCache', () => {
  it('gives up fills Next.js never answers, so hung fills do not stop it learning', async () => {
    const pages = { '/hung': HUNG, '/also-hung': HUNG, '/a': html('<h1>A</h1>') };
    const { get, settle } = await serve(pages, undefined, 50);
    await get('/hung');
    await get('/also-hung');
    await settle();
    await get('/a');
    await settle();
    expect((await get('/a')).encoding).toBe('br');
  });

  it("leaves to Next.js the requests whose headers the page's Vary names", async () => {
    const page = html('<h1>A</h1>');
    page.headers.vary = 'rsc, Next-Router-State-Tree';
    const { asked, get, settle } = await serve({ '/a': page });
    await get('/a');
    await settle();
    expect((await get('/a')).encoding).toBe('br');
    expect((await get('/a', { 'next-router-state-tree': '[]' })).body.toString()).toBe('from next');
    expect((await get('/a', { rsc: '1' })).body.toString()).toBe('from next');
    expect(asked).toEqual(['/a', '/a', '/a']);
  });

  it('lets Next.js answer the first request, then answers from memory', async () => {
    const { asked, get, settle } = await serve({ '/a': html('<h1>A</h1>') });
    expect((await get('/a')).body.toString()).toBe('from next');
    await settle();
    const second = await get('/a');
    expect(second.encoding).toBe('br');
    expect(brotliDecompressSync(second.body).toString()).toBe('<h1>A</h1>');
    expect(asked).toEqual(['/a']);
  });

  it('keeps no answer that is not a plain 200', async () => {
    const { cache, get, settle } = await serve({
      '/gone': { ...html('x'), status: 404 },
      '/cookie': { ...html('x'), headers: { 'set-cookie': 'a=1' } },
    });
    await get('/gone');
    await get('/cookie');
    await settle();
    expect(cache.size().pages).toBe(0);
  });

  it('drops the oldest pages past its byte limit', async () => {
    // Random hex compresses to about half: some 4 KB kept per page, Brotli and gzip.
    const big = () => html(randomBytes(2000).toString('hex'));
    const { cache, get, settle } = await serve({ '/1': big(), '/2': big(), '/3': big() }, 10_000);
    for (const path of ['/1', '/2', '/3']) {
      await get(path);
      await settle();
    }
    expect(cache.size()).toEqual({ pages: 2, bytes: expect.any(Number) });
    expect(cache.size().bytes).toBeLessThanOrEqual(10_000);
    expect((await get('/3')).encoding).toBe('br');
    expect((await get('/1')).encoding).toBeUndefined();
  });
});
