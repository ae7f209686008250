// The hashes of each prerendered page's inline scripts, written next to the build for the
// production server's Content-Security-Policy (server/script-policy.mjs). Runs after every
// other step that rewrites the pages' HTML.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sidebarScript } from '@/components/layout/active-entry';
import { themeScript } from '@/components/layout/theme-script';
import { searchShortcutScript } from '@/components/search/shortcut-script';
import { hashSource, scriptHashes } from '@/lib/security/script-hashes.mjs';
import { filesEndingWith } from './rewrite-files';

/** The manifest's file name in the build folder. */
export const SCRIPT_HASHES_FILE = 'script-hashes.json';

export type ScriptHashes = {
  /**
   * The layout's inline scripts, which pages rendered per request carry too and Next.js's nonce
   * does not reach: the declared ones, and those every prerendered page with the layout shares.
   */
  shell: string[];
  /** Each prerendered route's inline scripts, as its HTML file holds them. */
  routes: Record<string, string[]>;
};

/**
 * The layout's inline scripts, declared for builds that prerender no page with the layout (the
 * CMS rendering on every request): a new one goes here, or such pages block it.
 */
export const LAYOUT_SCRIPTS = [themeScript, searchShortcutScript, sidebarScript];

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
  const manifest: ScriptHashes = { shell, routes };
  await writeFile(path.join(distDir, SCRIPT_HASHES_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  return pages.length;
}
