// The build's own rewrites, checked on the output of a real build: the one the tests serve.
// (tests/e2e-cms/next-rewrites.test.ts checks them on pages Next.js renders per request.)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT } from '@/lib/build/compile-hints';
import { startupChunks } from '@/lib/next-internals/startup-chunks';
import { filesEndingWith } from '@/lib/build/rewrite-files';
import { routeOfPage } from '@/lib/build/script-hashes';
import { SCRIPT_HASHES_FILE, type ScriptHashes } from '@/lib/security/page-scripts';
import { chunksOfLoader } from '@/lib/html/paint-first.mjs';
import { SELF_LOADING_CHUNK } from '@/lib/next-internals/chunk-tags.mjs';
import { scriptHashes } from '@/lib/security/script-hashes.mjs';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const appDir = path.join(distDir, 'server/app');

describe("the build's prerendered pages", () => {
  it('all paint before their scripts load: one loader each, no chunk requested by Next.js', async () => {
    const pages = await filesEndingWith(appDir, '.html');
    expect(pages.length).toBeGreaterThan(40);
    for (const file of pages) {
      const html = await readFile(file, 'utf8');
      expect(SELF_LOADING_CHUNK.exec(html)?.[0], file).toBeUndefined();
      expect(chunksOfLoader(html).length, file).toBeGreaterThan(0);
    }
  });

  it('start compiling every startup chunk in the background', async () => {
    const chunks = await startupChunks(distDir);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      const code = await readFile(path.join(distDir, chunk), 'utf8');
      expect(code.startsWith(COMPILE_HINT), chunk).toBe(true);
    }
  });

  it("list each page's inline scripts for the Content-Security-Policy as the page holds them", async () => {
    const manifest = JSON.parse(
      await readFile(path.join(distDir, SCRIPT_HASHES_FILE), 'utf8'),
    ) as ScriptHashes;
    for (const file of await filesEndingWith(appDir, '.html')) {
      const route = routeOfPage(appDir, file);
      expect(manifest.routes[route], route).toEqual(scriptHashes(await readFile(file, 'utf8')));
    }
  });

  it("hold each article's HTML once: in the markup, not again in the flight data", async () => {
    // A sentence of the charges reference's article, which no navigation or metadata repeats.
    const sentence = 'so that a retried request cannot charge the customer twice';
    const html = await readFile(path.join(appDir, 'resources/charges.html'), 'utf8');
    expect(html.split(sentence).length - 1).toBe(1);
  });
});
