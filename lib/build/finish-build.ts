// What a build needs after `next build`, on the files it wrote: `npm run build` runs it as
// `postbuild`, and the tests' and the benchmark's builds of the site run it too.
import { hintStartupChunks } from './compile-hints';
import { bundleDirectSearch } from './direct-search';
import { paintFirstPages } from './paint-first';
import { hashPageScripts } from './script-hashes';
import { completeStandalone } from './standalone';

/**
 * Marks the startup chunks for background compilation, makes the pages paint first, then lists
 * the hashes of their inline scripts, once nothing rewrites them any more; bundles the search
 * endpoint for the production server, and completes a standalone build's folder with all of it.
 */
export async function finishBuild(distDir: string) {
  return {
    hintedChunks: await hintStartupChunks(distDir),
    pagesPaintingFirst: await paintFirstPages(distDir),
    pagesHashed: await hashPageScripts(distDir),
    directSearchBytes: await bundleDirectSearch(distDir),
    standaloneFolder: await completeStandalone(distDir),
  };
}
