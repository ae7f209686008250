// The embedded search endpoint answered by the production server itself: the service (its
// handler, its path and the site's security headers) is published on the process by the start
// hook (instrumentation.ts), and a POST of queries skips Next.js's route pipeline, which took
// most of each search's time under load.
import { Readable } from 'node:stream';
import { compressIn, preferredCoding } from '../lib/http/content-coding.mjs';

/** Answers smaller than this go as they are: compressing them saves less than a packet. */
const MIN_COMPRESSED_BYTES = 1024;
/** Each answer is compressed as it goes out, at a quick setting. */
const ANSWER_COMPRESSION = { brotliQuality: 4, gzipLevel: 6 };

/** Where the start hook publishes the service on the process. */
export const DIRECT_SEARCH = Symbol.for('kestrel.search.direct');

/**
 * @typedef {object} DirectSearch
 * @property {RegExp} queriesPath the multi-index queries path, query string allowed
 * @property {(request: Request, socketAddress?: string) => Promise<Response>} answer the
 *   endpoint's handler; the connection's address tells clients apart where no proxy does
 * @property {Record<string, string>} headers what next.config.ts adds to every response
 */

/** The published service, when the embedded search is the configured one. */
export function directSearch() {
  return /** @type {DirectSearch | undefined} */ (globalThis[DIRECT_SEARCH]);
}

/** True when the service answers this request rather than Next.js. */
export function isDirectSearch(service, request) {
  return Boolean(service) && request.method === 'POST' && service.queriesPath.test(request.url);
}

/**
 * Answers a queries request with the service's handler: the same answer, headers included,
 * compressed in the best coding the client accepts.
 */
export async function answerDirectly(service, request, response) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const one of [value].flat()) if (one !== undefined) headers.append(name, one);
  }
  // Only the path and query string are read; the host is not the client's to choose.
  const answer = await service.answer(
    new Request(new URL(request.url, 'http://localhost'), {
      method: 'POST',
      headers,
      body: Readable.toWeb(request),
      duplex: 'half',
    }),
    request.socket.remoteAddress,
  );
  let body = Buffer.from(await answer.arrayBuffer());
  const sent = { ...service.headers, ...Object.fromEntries(answer.headers) };
  sent.vary = sent.vary ? `${sent.vary}, Accept-Encoding` : 'Accept-Encoding';
  const coding =
    body.length >= MIN_COMPRESSED_BYTES && preferredCoding(request.headers['accept-encoding']);
  if (coding) {
    body = await compressIn(coding, body, ANSWER_COMPRESSION);
    sent['content-encoding'] = coding;
  }
  response.writeHead(answer.status, { ...sent, 'content-length': body.length });
  response.end(body);
}
