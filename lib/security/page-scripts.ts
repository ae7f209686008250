// Which inline scripts each page may run, as the build found them (lib/build/script-hashes.ts)
// and as the page cache found a page it rendered again (server/paint-first-cache.mjs). Read by
// the request proxy (proxy.ts), on every server Next.js runs in.
import { readFileSync } from 'node:fs';
import { readScriptHashes, refreshedHashesFile } from './script-manifest.mjs';

export { SCRIPT_HASHES_FILE, type ScriptHashes } from './script-manifest.mjs';

/** Error pages Next.js answers from its own prerendered routes, whatever path was asked for. */
const ERROR_ROUTES = ['/_not-found', '/_global-error'];

/** The hashes of the latest render of a page rendered again since the build, if any. */
function refreshedHashes(distDir: string, route: string): string[] {
  try {
    return JSON.parse(readFileSync(refreshedHashesFile(distDir, route), 'utf8')) as string[];
  } catch {
    return [];
  }
}

/** The script sources of each route of a build, its manifest read once. */
export function pageScripts(distDir: string) {
  const manifest = readScriptHashes(distDir);
  const immutable = new Set(manifest.immutable);
  const errorPages = ERROR_ROUTES.flatMap((route) => manifest.routes[route] ?? []);
  return {
    /** Whether a route's HTML is always the build's, so that no nonce is needed. */
    isImmutable: (route: string) => immutable.has(route),
    /**
     * The hash sources a route's HTML may run: its own as the build or the latest render found
     * them, the layout's, and, for a path the build did not prerender, those of the error pages
     * Next.js may answer it with.
     */
    hashSources(route: string): string[] {
      const own = manifest.routes[route];
      if (own === undefined) return [...manifest.shell, ...errorPages];
      const refreshed = immutable.has(route) ? [] : refreshedHashes(distDir, route);
      return [...manifest.shell, ...own, ...refreshed];
    },
  };
}
