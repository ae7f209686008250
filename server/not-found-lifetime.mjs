// A 404 answers whatever path a client makes up, so no cache keeps one for long. Next.js gives
// the 404 of a page it renders on demand that page's own lifetime: a year for a page without a
// revalidation time (an unknown guide), which a CDN would honour.

import { beforeHead } from './response-head.mjs';

/** Seconds a shared cache may keep a 404: a guide published in the CMS shows within a minute. */
const NOT_FOUND_MAX_AGE = 60;
/** A 404's lifetime: a minute in shared caches, which spares the server repeats of a bad link. */
export const NOT_FOUND_CACHE_CONTROL = `public, max-age=0, s-maxage=${NOT_FOUND_MAX_AGE}`;

/** Directives that let a cache keep or serve an answer for a number of seconds. */
const LIFETIME =
  /(?:^|,)\s*(?:max-age|s-maxage|stale-while-revalidate|stale-if-error)\s*=\s*"?(\d+)/gi;

/**
 * True when a Cache-Control value lets a cache keep an answer longer than a 404 may be kept.
 * @param {unknown} cacheControl
 */
export function keptTooLong(cacheControl) {
  const lifetimes = Array.from(String(cacheControl ?? '').matchAll(LIFETIME), (match) => match[1]);
  return lifetimes.some((seconds) => Number(seconds) > NOT_FOUND_MAX_AGE);
}

/**
 * Gives this response, if it turns out to be a 404 that caches would keep longer, the 404's
 * lifetime instead; a shorter one (`no-store` included) stays as it is.
 * @param {import('node:http').ServerResponse} response
 */
export function limitNotFoundLifetime(response) {
  beforeHead(response, (status) => {
    if (status === 404 && keptTooLong(response.getHeader('cache-control'))) {
      response.setHeader('Cache-Control', NOT_FOUND_CACHE_CONTROL);
    }
  });
}
