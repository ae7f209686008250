// The hashes of each prerendered page's inline scripts, written next to the build for the
// production server's Content-Security-Policy (server/script-policy.mjs). Runs after every
// other step that rewrites the pages' HTML.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { themeScript } from '@/components/layout/theme-script';
import { hashSource, scriptHashes } from '@/lib/security/script-hashes.mjs';
import { filesEndingWith } from './rewrite-files';

/** The manifest's file name in the build folder. */
export const SCRIPT_HASHES_FILE = 'script-hashes.json';

export type ScriptHashes = {
  /** The layout's inline scripts, which every page carries, also those rendered per request. */
  shell: string[];
  /** Each prerendered route's inline scripts, as its HTML file holds them. */
  routes: Record<string, string[]>;
};

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
  const manifest: ScriptHashes = { shell: [hashSource(themeScript)], routes: {} };
  for (const file of pages.sort()) {
    manifest.routes[routeOfPage(appDir, file)] = scriptHashes(await readFile(file, 'utf8'));
  }
  await writeFile(path.join(distDir, SCRIPT_HASHES_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  return pages.length;
}
