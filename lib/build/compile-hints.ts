// The chunks every page runs as it loads (React, the router, the layout's and the pages' entry
// code) are marked with V8's explicit compile hint. Chrome then compiles all their functions on a
// background thread while they download, instead of pausing the main thread to compile each
// function the first time hydration calls it: on a resource page that pause was most of the
// framework's blocking time. Chunks loaded on intent (search, the console) stay lazily compiled.
import path from 'node:path';
import { startupChunks } from '@/lib/next-internals/startup-chunks';
import { rewriteEach } from './rewrite-files';

/** V8's magic comment; it only counts on a script's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts the compile hint on every startup chunk that lacks it; returns how many carry it. A build
 * whose manifests name no startup chunk fails: Next.js changed where it lists them.
 */
export async function hintStartupChunks(distDir: string): Promise<number> {
  const chunks = (await startupChunks(distDir)).map((chunk) => path.join(distDir, chunk));
  if (chunks.length === 0) {
    throw new Error(
      `No startup chunk in ${distDir}'s build-manifest.json (rootMainFiles) or client reference manifests (entryJSFiles): Next.js lists them elsewhere now.`,
    );
  }
  await rewriteEach(chunks, (code) => (code.startsWith(COMPILE_HINT) ? code : COMPILE_HINT + code));
  return chunks.length;
}
