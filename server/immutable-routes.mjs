import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Next.js's own routes, served by it whatever they hold. */
const INTERNAL = new Set(['/_not-found', '/_global-error']);

/**
 * The routes a build prerendered once for good: no revalidation time, so their answer changes
 * only with the next build. With the CMS configured, the pages listing guides revalidate and
 * are not among them.
 */
export function immutableRoutes(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8'));
  return new Set(
    Object.entries(manifest.routes)
      .filter(([route, entry]) => entry.initialRevalidateSeconds === false && !INTERNAL.has(route))
      .map(([route]) => route),
  );
}
