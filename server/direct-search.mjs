// The embedded search endpoint answered by the production server itself: the service (its
// handler, its path and the site's security headers) comes from the build's bundle of
// lib/search/direct-service.ts, and a POST of queries skips Next.js's route pipeline, which took
// most of each search's time under load.
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { compressIn, preferredCoding } from '../lib/http/content-coding.mjs';
import { DIRECT_SEARCH_BUNDLE } from '../lib/search/direct-bundle.mjs';

/** Answers smaller than this go as they are: compressing them saves less than a packet. */
const MIN_COMPRESSED_BYTES = 1024;
/** Each answer is compressed as it goes out, at a quick setting. */
const ANSWER_COMPRESSION = { brotliQuality: 4, gzipLevel: 6 };

/** @typedef {import('../lib/search/direct-service').DirectSearch} DirectSearch */

/**
 * The service from the build in `distDir`, its index built; undefined when search is hosted.
 * @param {string} distDir
 * @returns {Promise<DirectSearch | undefined>}
 */
export async function loadDirectSearch(distDir) {
  const bundle = pathToFileURL(path.resolve(distDir, DIRECT_SEARCH_BUNDLE)).href;
  const { createDirectSearch } = await import(bundle);
  return createDirectSearch();
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
