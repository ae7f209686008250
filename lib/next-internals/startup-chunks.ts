// Where Next.js lists the chunks every page runs as it loads: the build manifest's
// `rootMainFiles` and each route's client reference manifest, a script that assigns its entries
// to `globalThis.__RSC_MANIFEST`, read here in a sandboxed context of its own.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { filesEndingWith } from '@/lib/build/rewrite-files';

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
