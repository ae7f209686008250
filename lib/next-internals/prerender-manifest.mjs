// Next.js's prerender manifest (`prerender-manifest.json`): which routes it prerendered, and
// whether each renders again on an interval (`initialRevalidateSeconds`).
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Next.js's own routes, served by it whatever they hold. */
const INTERNAL = new Set(['/_not-found', '/_global-error']);

/**
 * The routes a build prerendered once for good: no revalidation time, so their answer changes
 * only with the next build. With the CMS configured, the pages listing guides revalidate and
 * are not among them. A manifest without the revalidation field Next.js writes today fails
 * loudly, rather than leaving the page cache empty.
 */
export function immutableRoutes(distDir) {
  const file = path.join(distDir, 'prerender-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const entries = Object.entries(manifest.routes ?? {});
  const unknown = entries.find(([, entry]) => {
    const seconds = entry?.initialRevalidateSeconds;
    return seconds !== false && typeof seconds !== 'number';
  });
  if (entries.length === 0 || unknown) {
    throw new Error(
      `${file} lists ${unknown ? `${unknown[0]} without` : 'no route with'} "initialRevalidateSeconds": this Next.js writes its prerendered routes in another shape, which lib/next-internals/prerender-manifest.mjs must learn.`,
    );
  }
  return new Set(
    entries
      .filter(([route, entry]) => entry.initialRevalidateSeconds === false && !INTERNAL.has(route))
      .map(([route]) => route),
  );
}
