// Completes a standalone build (`NEXT_OUTPUT=standalone`): Next.js writes `<distDir>/standalone`
// during `next build`, with its own bare server.js and the pages as they were before the other
// build steps rewrote them. This adds the site's production server and what it reads, so the
// folder runs anywhere with `node server/main.mjs` and serves the pages as `npm start` does.
import { cp, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DIRECT_SEARCH_BUNDLE } from '@/lib/search/direct-bundle.mjs';
import { SCRIPT_HASHES_FILE } from '@/lib/security/page-scripts';

/** The command that starts a standalone folder, from inside it. */
export const STANDALONE_START = 'node server/main.mjs';

/** What the production server reads beside its modules (pages rendered on request read content). */
const SERVER_FILES = ['public', 'content', '.search/records.json'];
/** The production server's folder: every module in it and the project's modules they import. */
const SERVER_DIR = 'server';
/** A relative module specifier in an import or export statement. */
const RELATIVE_IMPORT = /\b(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g;

async function exists(file: string) {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** The server's modules and, at any depth, the project's modules they import by relative path. */
export async function serverModules(serverDir = SERVER_DIR): Promise<string[]> {
  const pending = (await readdir(serverDir)).map((name) => path.join(serverDir, name));
  const found = new Set<string>();
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (found.has(file)) continue;
    found.add(file);
    const source = await readFile(file, 'utf8');
    for (const [, specifier] of source.matchAll(RELATIVE_IMPORT)) {
      pending.push(path.join(path.dirname(file), specifier!));
    }
  }
  return [...found].sort();
}

/** True when the build was configured with `output: 'standalone'`. */
async function builtStandalone(distDir: string) {
  const manifest = JSON.parse(
    await readFile(path.join(distDir, 'required-server-files.json'), 'utf8'),
  ) as { config: { output?: string } };
  return manifest.config.output === 'standalone';
}

/**
 * Copies the server, its files and the finished build into `<distDir>/standalone`; returns the
 * folder, or null for a build without standalone output.
 */
export async function completeStandalone(distDir: string): Promise<string | null> {
  if (!(await builtStandalone(distDir))) return null;
  const folder = path.join(distDir, 'standalone');
  const builtInside = path.join(folder, path.relative(process.cwd(), distDir));
  if (!(await exists(path.join(builtInside, 'BUILD_ID')))) {
    throw new Error(`No standalone output in ${folder}: did \`next build\` finish?`);
  }
  await rm(path.join(folder, SERVER_DIR), { recursive: true, force: true });
  for (const file of [...(await serverModules()), ...SERVER_FILES]) {
    await rm(path.join(folder, file), { recursive: true, force: true });
    await cp(file, path.join(folder, file), { recursive: true });
  }
  // The pages and chunks as the other build steps left them, their script hashes and the
  // search endpoint's bundle.
  for (const part of ['server/app', 'static', SCRIPT_HASHES_FILE, DIRECT_SEARCH_BUNDLE]) {
    await rm(path.join(builtInside, part), { recursive: true, force: true });
    await cp(path.join(distDir, part), path.join(builtInside, part), { recursive: true });
  }
  return folder;
}
