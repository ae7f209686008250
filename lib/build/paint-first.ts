// The build's prerendered pages paint before their scripts load (lib/html/paint-first.mjs).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chunksOfLoader, paintFirst } from '@/lib/html/paint-first.mjs';
import { SELF_LOADING_CHUNK } from '@/lib/next-internals/chunk-tags.mjs';
import { filesEndingWith } from './rewrite-files';

/**
 * Rewrites every prerendered page of a build; returns how many paint first. Fails the build
 * when a page keeps a chunk tag the loader does not recognise (a new shape from Next.js), or
 * when no page paints first: either would silently bring back the slow first paint.
 */
export async function paintFirstPages(distDir: string): Promise<number> {
  const appDir = path.join(distDir, 'server/app');
  const pages = await filesEndingWith(appDir, '.html');
  let painting = 0;
  for (const file of pages) {
    const original = await readFile(file, 'utf8');
    const html = paintFirst(original);
    if (html !== original) await writeFile(file, html);
    const kept = SELF_LOADING_CHUNK.exec(html);
    if (kept) {
      throw new Error(
        `${file} still requests a chunk itself (${kept[0]}): lib/next-internals/chunk-tags.mjs does not know this shape of Next.js's script tags.`,
      );
    }
    if (chunksOfLoader(html).length > 0) painting += 1;
  }
  if (painting === 0) {
    throw new Error(
      `None of the ${pages.length} prerendered pages under ${appDir} paints before its scripts load: lib/html/paint-first.mjs found no startup chunk to take over.`,
    );
  }
  return painting;
}
