// The headers next.config.ts gives every answer (lib/security/headers.ts), as the build wrote
// them down, for the answers this server writes without Next.js: its health check and the
// methods and request targets it refuses carry the same policies as the pages.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The headers of the build's rules that hold for every path, by name; a manifest without any,
 * as another Next.js might write it, fails loudly rather than leaving these answers without.
 * @param {string} distDir the build folder
 * @returns {Record<string, string>}
 */
export function siteHeaders(distDir) {
  const file = path.join(distDir, 'routes-manifest.json');
  /** @type {{headers?: {regex: string, has?: unknown, missing?: unknown, headers: {key: string, value: string}[]}[]}} */
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  // A rule for every path matches the root and any other path, with no condition on the request.
  const everyPath = (manifest.headers ?? []).filter(
    ({ regex, has, missing }) =>
      !has && !missing && ['/', '/any/path'].every((route) => new RegExp(regex).test(route)),
  );
  const headers = Object.fromEntries(
    everyPath.flatMap((rule) => rule.headers.map(({ key, value }) => [key, value])),
  );
  if (!headers['X-Content-Type-Options']) {
    throw new Error(
      `${file} lists no X-Content-Type-Options for every path: this Next.js writes next.config.ts's headers in another shape, which server/site-headers.mjs must learn.`,
    );
  }
  return headers;
}

/**
 * The headers as lines of a response head written by hand, each ending in CRLF.
 * @param {Record<string, string>} headers
 */
export function headLines(headers) {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
}
