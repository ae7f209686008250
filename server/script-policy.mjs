// Lets each page Next.js answers run its own inline scripts and nothing else: the site's policy
// (next.config.ts) allows none, and this adds the page's script sources as the answer goes out.
// A prerendered page gets the hashes the build listed (lib/build/script-hashes.ts); a page
// rendered for the request also gets a fresh nonce, which Next.js reads from the request's
// policy and puts on its scripts; a page re-rendered into the cache carries its hashes in a
// header the cache handler adds (paint-first-cache.mjs).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SCRIPT_HASHES_HEADER } from '../lib/security/script-hashes.mjs';
import { nonceSource, withScriptSources } from '../lib/security/script-policy.mjs';
import { beforeHead } from './response-head.mjs';

/** Error pages Next.js answers from its own prerendered routes, by status. */
const ERROR_ROUTES = { 404: '/_not-found', 500: '/_global-error' };

/** @param {string} distDir */
function readHashes(distDir) {
  const file = path.join(distDir, 'script-hashes.json');
  try {
    return /** @type {{shell: string[], routes: Record<string, string[]>}} */ (
      JSON.parse(readFileSync(file, 'utf8'))
    );
  } catch (error) {
    throw new Error(`Cannot read ${file}: run \`npm run build\`, whose last step writes it.`, {
      cause: error,
    });
  }
}

/**
 * @param {string} distDir the build folder
 * @param {Set<string>} immutable its immutable routes (immutable-routes.mjs)
 */
export function createScriptPolicy(distDir, immutable) {
  const { shell, routes } = readHashes(distDir);

  return {
    /**
     * Prepares a request Next.js is about to answer: a page rendered for it uses a fresh nonce,
     * and an HTML answer's policy gets the page's script sources as its head is written.
     * @param {import('node:http').IncomingMessage} request
     * @param {import('node:http').ServerResponse} response
     */
    apply(request, response) {
      const route = new URL(request.url ?? '/', 'http://localhost').pathname;
      // An immutable page is always its build's HTML: its hashes suffice and no nonce is shared
      // by caches in front of the server.
      const nonce = immutable.has(route) ? undefined : randomBytes(16).toString('base64');
      delete request.headers['content-security-policy-report-only'];
      if (nonce) request.headers['content-security-policy'] = `script-src ${nonceSource(nonce)}`;
      else delete request.headers['content-security-policy'];

      beforeHead(response, (status) => {
        const hinted = response.getHeader(SCRIPT_HASHES_HEADER);
        response.removeHeader(SCRIPT_HASHES_HEADER);
        const policy = response.getHeader('content-security-policy');
        const html = String(response.getHeader('content-type') ?? '').startsWith('text/html');
        if (html && typeof policy === 'string') {
          const pageHashes = hinted
            ? String(hinted).split(' ')
            : (routes[route] ?? routes[ERROR_ROUTES[status] ?? ''] ?? []);
          const sources = [...(nonce ? [nonceSource(nonce)] : []), ...shell, ...pageHashes];
          response.setHeader('content-security-policy', withScriptSources(policy, sources));
        }
      });
    },
  };
}
