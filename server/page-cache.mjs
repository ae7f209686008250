// Keeps the immutable prerendered pages as Next.js answered them, compressed once, so a repeat
// request costs a lookup instead of Next.js's routing, an ETag over the whole page and a fresh
// compression (about 4 ms of a 2-core machine for a 150 KB reference page).
import { compressIn, matchesEtag, preferredCoding } from '../lib/http/content-coding.mjs';

// Quality 5 compresses a reference page in ~6 ms to within 5 % of quality 11's size (~275 ms).
const PAGE_COMPRESSION = { brotliQuality: 5, gzipLevel: 9 };

/**
 * Next.js's on-demand revalidation asks with this header and must reach it. Every other request
 * header that changes a page's answer (the router's, for navigation payloads) is named by the
 * page's own `Vary`, so the cache follows Next.js when it adds one.
 */
const REVALIDATE_HEADER = 'x-prerender-revalidate';
/** The preview cookie makes Next.js render a page afresh. */
const PREVIEW_COOKIE = '__prerender_bypass';
/** Headers of one connection or one encoding, set again for each answer. */
const PER_ANSWER_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
]);
/** Pages learnt at once: a crawler's first pass costs Next.js no more than twice its requests. */
const MAX_CONCURRENT_FILLS = 2;
/** A fill Next.js has not answered by then is given up, so hung fills cannot hold every slot. */
const FILL_TIMEOUT_MS = 10_000;

/**
 * @param {object} options
 * @param {Set<string>} options.routes the immutable routes (lib/next-internals/prerender-manifest.mjs)
 * @param {(route: string, signal: AbortSignal) => Promise<{status: number, headers: Record<string, string | string[] | undefined>, body: Buffer}>} options.fetchPage
 *   asks Next.js for a route's uncompressed answer, stopping when `signal` aborts
 * @param {number} [options.maxBytes] compressed bytes kept at most; the oldest pages go first
 * @param {number} [options.fillTimeoutMs] how long a fill may wait for Next.js
 */
export function createPageCache({
  routes,
  fetchPage,
  maxBytes = 48 * 2 ** 20,
  fillTimeoutMs = FILL_TIMEOUT_MS,
}) {
  /** @type {Map<string, {headers: [string, string | string[]][], varying: string[], etag?: string, bodies: Record<string, Buffer>, bytes: number}>} */
  const pages = new Map();
  const filling = new Set();
  let storedBytes = 0;

  /** The route a request is for when the cache may answer it, else null. */
  function routeOf(request) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const url = request.url ?? '';
    // A query string may change the answer (`?_rsc=`); only the bare path is kept.
    if (url.includes('?') || !routes.has(url)) return null;
    if (request.headers[REVALIDATE_HEADER] !== undefined) return null;
    if (request.headers.cookie?.includes(PREVIEW_COOKIE)) return null;
    return url;
  }

  function store(route, page) {
    pages.set(route, page);
    storedBytes += page.bytes;
    for (const [oldest, kept] of pages) {
      if (storedBytes <= maxBytes) break;
      pages.delete(oldest);
      storedBytes -= kept.bytes;
    }
  }

  /** Next.js's answer for `route`, or a rejection once `fillTimeoutMs` have passed. */
  function fetchWithin(route) {
    const signal = AbortSignal.timeout(fillTimeoutMs);
    const timedOut = new Promise((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    return Promise.race([fetchPage(route, signal), timedOut]);
  }

  async function fill(route) {
    filling.add(route);
    try {
      const { status, headers, body } = await fetchWithin(route);
      if (status !== 200 || headers['set-cookie'] !== undefined) return;
      const kept = Object.entries(headers).filter(
        ([name, value]) => value !== undefined && !PER_ANSWER_HEADERS.has(name),
      );
      const vary = kept.find(([name]) => name === 'vary');
      // The request headers the page's answer depends on, but for the coding this cache picks.
      const varying = String(vary?.[1] ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name && name !== 'accept-encoding');
      if (!vary) kept.push(['vary', 'Accept-Encoding']);
      else if (!/accept-encoding/i.test(String(vary[1]))) vary[1] = `${vary[1]}, Accept-Encoding`;
      const [br, gzipped] = await Promise.all([
        compressIn('br', body, PAGE_COMPRESSION),
        compressIn('gzip', body, PAGE_COMPRESSION),
      ]);
      store(route, {
        headers: kept,
        varying,
        etag: typeof headers.etag === 'string' ? headers.etag : undefined,
        bodies: { br, gzip: gzipped },
        bytes: br.length + gzipped.length,
      });
    } catch {
      // Left to Next.js; a later request tries again.
    } finally {
      filling.delete(route);
    }
  }

  return {
    /** Answers the request from the cache and returns true, or returns false and does nothing. */
    serve(request, response) {
      const route = routeOf(request);
      const page = route && pages.get(route);
      const coding = page && preferredCoding(request.headers['accept-encoding']);
      if (!page || !coding) return false;
      // A navigation payload, say: Next.js answers it.
      if (page.varying.some((name) => request.headers[name] !== undefined)) return false;
      for (const [name, value] of page.headers) response.setHeader(name, value);
      if (matchesEtag(request.headers['if-none-match'], page.etag)) {
        response.writeHead(304).end();
        return true;
      }
      const body = page.bodies[coding];
      response.setHeader('Content-Encoding', coding);
      response.setHeader('Content-Length', body.length);
      response.writeHead(200);
      response.end(request.method === 'HEAD' ? undefined : body);
      return true;
    },
    /** Notes a request Next.js answers; an immutable page is fetched once and kept. */
    learn(request) {
      const route = routeOf(request);
      if (!route || pages.has(route) || filling.has(route)) return;
      if (filling.size >= MAX_CONCURRENT_FILLS) return;
      void fill(route);
    },
    /** Pages kept and their compressed bytes. */
    size: () => ({ pages: pages.size, bytes: storedBytes }),
  };
}
