import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, hintStartupChunks } from '@/lib/build/compile-hints';
import { startupChunks } from '@/lib/next-internals/startup-chunks';

let distDir: string;

/** A manifest file as `next build` writes it: a script assigning the route's entry chunks. */
const clientManifest = (route: string, entries: Record<string, string[]>) =>
  `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\n` +
  `globalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify({ entryJSFiles: entries })};`;

async function write(file: string, content: string) {
  await mkdir(path.dirname(path.join(distDir, file)), { recursive: true });
  await writeFile(path.join(distDir, file), content);
}

const chunk = (name: string) => readFile(path.join(distDir, 'static/chunks', name), 'utf8');

beforeEach(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'compile-hints-'));
  await write(
    'build-manifest.json',
    JSON.stringify({
      polyfillFiles: ['static/chunks/polyfills.js'],
      rootMainFiles: ['static/chunks/react.js', 'static/chunks/router.js'],
    }),
  );
  await write(
    'server/app/[[...slug]]/page_client-reference-manifest.js',
    clientManifest('/[[...slug]]/page', {
      '[project]/app/layout': ['static/chunks/layout.js', 'static/chunks/layout.css'],
      '[project]/app/[[...slug]]/page': ['static/chunks/layout.js', 'static/chunks/page.js'],
    }),
  );
  await write(
    'server/app/console/page_client-reference-manifest.js',
    clientManifest('/console/page', { '[project]/app/console/page': ['static/chunks/console.js'] }),
  );
  for (const name of ['react', 'router', 'layout', 'page', 'console', 'search', 'polyfills']) {
    await write(`static/chunks/${name}.js`, `(()=>{/* ${name} */})();`);
  }
});

afterEach(() => rm(distDir, { recursive: true, force: true }));

describe('startup chunks', () => {
  it('are the root chunks and every route entry script, once each', async () => {
    expect(await startupChunks(distDir)).toEqual([
      'static/chunks/console.js',
      'static/chunks/layout.js',
      'static/chunks/page.js',
      'static/chunks/react.js',
      'static/chunks/router.js',
    ]);
  });

  it('get the hint on their first line, with their code unchanged after it', async () => {
    expect(await hintStartupChunks(distDir)).toBe(5);
    expect(await chunk('react.js')).toBe(`${COMPILE_HINT}(()=>{/* react */})();`);
    expect(await chunk('page.js')).toBe(`${COMPILE_HINT}(()=>{/* page */})();`);
  });

  it('leave chunks loaded on intent and the polyfills without it', async () => {
    await hintStartupChunks(distDir);
    expect(await chunk('search.js')).toBe('(()=>{/* search */})();');
    expect(await chunk('polyfills.js')).toBe('(()=>{/* polyfills */})();');
  });

  it('are marked once however often the step runs', async () => {
    await hintStartupChunks(distDir);
    expect(await hintStartupChunks(distDir)).toBe(5);
    expect(await chunk('layout.js')).toBe(`${COMPILE_HINT}(()=>{/* layout */})();`);
  });

  it('fail the build when the manifests name none, as Next.js would list them elsewhere', async () => {
    await write('build-manifest.json', JSON.stringify({ polyfillFiles: [], rootMainFiles: [] }));
    await rm(path.join(distDir, 'server/app'), { recursive: true });
    await expect(hintStartupChunks(distDir)).rejects.toThrow(/No startup chunk in .*rootMainFiles/);
  });
});
