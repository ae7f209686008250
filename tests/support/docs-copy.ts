// A copy of the site's pages (content/docs) in a temporary folder, made before a test file's
// tests and removed after them, for tests that add pages to it or take pages from it.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** Copies the pages but those `leftOut` (paths under content/docs); answers where the copy is. */
export function copyOfDocs(...leftOut: string[]): () => string {
  let docsDir = '';
  beforeAll(async () => {
    docsDir = await mkdtemp(path.join(tmpdir(), 'docs-'));
    await cp('content/docs', docsDir, { recursive: true });
    for (const page of leftOut) await rm(path.join(docsDir, page));
  });
  afterAll(async () => {
    await rm(docsDir, { recursive: true, force: true });
  });
  return () => docsDir;
}
