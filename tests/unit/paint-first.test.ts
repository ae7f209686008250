import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paintFirstPages } from '@/lib/build/paint-first';
import { chunkLoader, chunksOfLoader, paintFirst } from '@/server/paint-first.mjs';

const chunk = (name: string) => `<script src="/_next/static/chunks/${name}.js" async=""></script>`;
/** A page shaped as Next.js prerenders it. */
const page = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/site.css"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>',
  chunk('react'),
  chunk('router'),
  '<script>document.documentElement.classList.add("theme")</script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '</head><body><main><h1>Charges</h1></main>',
  chunk('main'),
  '<script>self.__next_f.push([1,"data"])</script></body></html>',
].join('');

describe('a page that paints first', () => {
  it('loads every startup chunk from one loader in its head, in the order Next.js wrote them', () => {
    const painted = paintFirst(page);
    expect(painted).not.toMatch(/<script src="[^"]+" async="">/);
    expect(chunksOfLoader(painted)).toEqual([
      '/_next/static/chunks/react.js',
      '/_next/static/chunks/router.js',
      '/_next/static/chunks/main.js',
    ]);
    expect(painted.indexOf(chunkLoader(chunksOfLoader(painted)))).toBeLessThan(
      painted.indexOf('</head>'),
    );
  });

  it('drops the early request for a chunk the loader now makes, and keeps everything else', () => {
    const painted = paintFirst(page);
    expect(painted).not.toContain('rel="preload" as="script"');
    for (const kept of [
      '<link rel="stylesheet" href="/_next/static/chunks/site.css"/>',
      '<script>document.documentElement.classList.add("theme")</script>',
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
      '<main><h1>Charges</h1></main>',
      '<script>self.__next_f.push([1,"data"])</script>',
    ]) {
      expect(painted).toContain(kept);
    }
  });

  it('leaves a page without startup chunks, or already painting first, as it is', () => {
    const plain = '<!DOCTYPE html><html><head></head><body><p>Hi</p></body></html>';
    expect(paintFirst(plain)).toBe(plain);
    const painted = paintFirst(page);
    expect(paintFirst(painted)).toBe(painted);
  });

  it('cannot be made to close its script element by a chunk name', () => {
    const loader = chunkLoader(['/_next/static/chunks/a</script><script>alert(1)</script>.js']);
    expect(loader.match(/<\/script>/g)).toHaveLength(1);
    expect(loader).not.toContain('<script>alert');
  });
});

describe('the build step', () => {
  it('rewrites every prerendered page of the build and nothing else', async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'paint-first-'));
    try {
      const appDir = path.join(distDir, 'server/app');
      await mkdir(path.join(appDir, 'resources'), { recursive: true });
      await writeFile(path.join(appDir, 'index.html'), page);
      await writeFile(path.join(appDir, 'resources/charges.html'), page);
      await writeFile(path.join(appDir, 'resources/charges.rsc'), chunk('react'));

      expect(await paintFirstPages(distDir)).toBe(2);
      const charges = await readFile(path.join(appDir, 'resources/charges.html'), 'utf8');
      expect(charges).toBe(paintFirst(page));
      expect(await readFile(path.join(appDir, 'resources/charges.rsc'), 'utf8')).toBe(
        chunk('react'),
      );
      expect(await paintFirstPages(distDir)).toBe(0);
    } finally {
      await rm(distDir, { recursive: true, force: true });
    }
  });
});
