// The build steps' file handling: find what `next build` wrote, rewrite it in place.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Every file under `folder`, at any depth, whose name ends with `suffix`. */
export async function filesEndingWith(folder: string, suffix: string): Promise<string[]> {
  const names = await readdir(folder, { recursive: true, encoding: 'utf8' });
  return names.filter((name) => name.endsWith(suffix)).map((name) => path.join(folder, name));
}

/** Rewrites each file with `rewrite`, leaving those it returns unchanged; returns how many changed. */
export async function rewriteEach(files: string[], rewrite: (text: string) => string) {
  let changed = 0;
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    const rewritten = rewrite(text);
    if (rewritten === text) continue;
    await writeFile(file, rewritten);
    changed += 1;
  }
  return changed;
}
