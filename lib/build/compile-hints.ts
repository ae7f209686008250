// The chunks every page runs as it loads (React, the router, the layout's and the pages' entry
// code) are marked with V8's explicit compile hint. Chrome then compiles all their functions on a
// background thread while they download, instead of pausing the main thread to compile each
// function the first time hydration calls it: on a resource page that pause was most of the
// framework's blocking time. Chunks loaded on intent (search, the console) stay lazily compiled.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { filesEndingWith, rewriteEach } from './rewrite-files';

/** V8's magic comment; it only counts on a script's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

type BuildManifest = { rootMainFiles?: string[] };
type ClientReferenceManifest = { entryJSFiles?: Record<string, string[]> };

/** A manifest's entries: the file assigns them to `globalThis.__RSC_MANIFEST` by route. */
async function manifestEntries(file: string): Promise<ClientReferenceManifest[]> {
  const scope: Record<string, unknown> = {};
  scope.globalThis = scope;
  runInNewContext(await readFile(file, 'utf8'), scope, { filename: file });
  return Object.values((scope.__RSC_MANIFEST ?? {}) as Record<string, ClientReferenceManifest>);
}

/**
 * The chunks that run as a page loads, relative to the build folder (`static/chunks/…`): the
 * framework's root chunks and each layout's and page's entry chunks.
 */
export async function startupChunks(distDir: string): Promise<string[]> {
  const build = JSON.parse(
    await readFile(path.join(distDir, 'build-manifest.json'), 'utf8'),
  ) as BuildManifest;
  const chunks = new Set(build.rootMainFiles ?? []);
  const manifests = await filesEndingWith(
    path.join(distDir, 'server'),
    '_client-reference-manifest.js',
  );
  for (const file of manifests) {
    for (const manifest of await manifestEntries(file)) {
      for (const files of Object.values(manifest.entryJSFiles ?? {})) {
        for (const chunk of files) chunks.add(chunk);
      }
    }
  }
  return [...chunks].filter((chunk) => chunk.endsWith('.js')).sort();
}

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
