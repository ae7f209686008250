// What a build needs after `next build`, on the files it wrote: `npm run build` runs it as
// `postbuild`, and the tests' and the benchmark's builds of the site run it too.
import { hintStartupChunks } from './compile-hints';
import { paintFirstPages } from './paint-first';

/** Marks the startup chunks for background compilation and makes the pages paint first. */
export async function finishBuild(distDir: string) {
  return {
    hintedChunks: await hintStartupChunks(distDir),
    pagesPaintingFirst: await paintFirstPages(distDir),
  };
}
