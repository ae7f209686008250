// What a request accepts and already has, read the way browsers and caches write it, and the
// compression of an answer in one of the stored codings.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The codings the page cache keeps, best first. */
export const STORED_CODINGS = ['br', 'gzip'];

/** The q-value of each coding in an Accept-Encoding header; `*` stands for the others. */
function qualities(acceptEncoding) {
  const accepted = new Map();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  return accepted;
}

/** The best stored coding a request accepts, or null when it takes none of them. */
export function preferredCoding(acceptEncoding = '') {
  const accepted = qualities(acceptEncoding);
  const wildcard = accepted.get('*') ?? 0;
  const ranked = STORED_CODINGS.map((coding) => ({
    coding,
    q: accepted.get(coding) ?? (coding === 'gzip' ? accepted.get('x-gzip') : undefined) ?? wildcard,
  })).filter(({ q }) => q > 0);
  // The highest q wins; on a tie, the order of STORED_CODINGS (smaller first).
  ranked.sort((a, b) => b.q - a.q);
  return ranked[0]?.coding ?? null;
}

/** True when an If-None-Match header names `etag` (weakly compared) or is `*`. */
export function matchesEtag(ifNoneMatch, etag) {
  if (!ifNoneMatch || !etag) return false;
  const opaque = (tag) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * `body` compressed in `coding` off the main thread: Brotli at `brotliQuality`, gzip at
 * `gzipLevel`.
 */
export function compressIn(coding, body, { brotliQuality, gzipLevel }) {
  return coding === 'br'
    ? brotliAsync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: gzipLevel });
}
