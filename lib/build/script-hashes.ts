// The hashes of each prerendered page's inline scripts, written next to the build for each
// page's Content-Security-Policy (proxy.ts). Runs after every other step that rewrites the
// pages' HTML.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LAYOUT_SCRIPTS, themeScript } from '@/lib/inline-scripts';
import { SCRIPT_HASHES_FILE, type ScriptHashes } from '@/lib/security/page-scripts';
import { hashSource, scriptHashes } from '@/lib/security/script-hashes.mjs';
import { immutableRoutes } from '@/lib/next-internals/prerender-manifest.mjs';
import { filesEndingWith } from './rewrite-files';

/** The hashes every page with the layout (the theme script) carries. */
function sharedByLayoutPages(pages: string[][]): string[] {
  const theme = hashSource(themeScript);
  const [first = [], ...others] = pages.filter((hashes) => hashes.includes(theme));
  return first.filter((hash) => others.every((hashes) => hashes.includes(hash)));
}

/** The route a prerendered HTML file answers: `index.html` is `/`, `a/b.html` is `/a/b`. */
export function routeOfPage(appDir: string, file: string): string {
  const route = `/${path
    .relative(appDir, file)
    .split(path.sep)
    .join('/')
    .replace(/\.html$/, '')}`;
  return route === '/index' ? '/' : route;
}

/** Hashes every prerendered page of a build and writes the manifest; returns how many pages. */
export async function hashPageScripts(distDir: string): Promise<number> {
  const appDir = path.join(distDir, 'server/app');
  const pages = await filesEndingWith(appDir, '.html');
  if (pages.length === 0) {
    throw new Error(`No prerendered page under ${appDir} to hash: did \`next build\` finish?`);
  }
  const routes: ScriptHashes['routes'] = {};
  for (const file of pages.sort()) {
    routes[routeOfPage(appDir, file)] = scriptHashes(await readFile(file, 'utf8'));
  }
  const declared = LAYOUT_SCRIPTS.map(hashSource);
  const shell = [...new Set([...declared, ...sharedByLayoutPages(Object.values(routes))])].sort();
  const immutable = [...immutableRoutes(distDir)].sort();
  const manifest: ScriptHashes = { shell, routes, immutable };
  await writeFile(path.join(distDir, SCRIPT_HASHES_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  return pages.length;
}
