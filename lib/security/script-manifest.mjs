// Where a build keeps the hashes of its pages' inline scripts: the manifest its last step writes
// (lib/build/script-hashes.ts) and the files the page cache writes for a page it renders again
// (server/paint-first-cache.mjs). Plain JavaScript, for the servers that run it uncompiled.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The manifest's file name in the build folder. */
export const SCRIPT_HASHES_FILE = 'script-hashes.json';

/**
 * @typedef {object} ScriptHashes
 * @property {string[]} shell the layout's inline scripts, which pages rendered per request carry
 *   too and Next.js's nonce does not reach: the declared ones, and those every prerendered page
 *   with the layout shares
 * @property {Record<string, string[]>} routes each prerendered route's inline scripts, as its
 *   HTML file holds them
 * @property {string[]} immutable the prerendered routes that never render again: their HTML is
 *   the build's, so they need no nonce
 */

/**
 * The build's manifest; throws, naming the file, when the build wrote none.
 * @param {string} distDir the build folder
 * @returns {ScriptHashes}
 */
export function readScriptHashes(distDir) {
  const file = path.join(distDir, SCRIPT_HASHES_FILE);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read ${file}: run \`npm run build\`, whose last step writes it.`, {
      cause: error,
    });
  }
}

/**
 * The file a route rendered again after the build keeps its hashes in: `/guides/a` →
 * `<distDir>/refreshed-script-hashes/guides/a.json`.
 * @param {string} distDir the build folder
 * @param {string} route
 */
export function refreshedHashesFile(distDir, route) {
  const name = route === '/' ? '/index' : route;
  return path.join(distDir, 'refreshed-script-hashes', `${name}.json`);
}
