import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { paintFirstPages } from '@/lib/build/paint-first';
import { chunkLoader, chunksOfLoader, paintFirst } from '@/lib/html/paint-first.mjs';

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

  it('takes over chunk addresses with a deployment id as they are', () => {
    const deployed = page.replace(/\.js"/g, '.js?dpl=dpl_42"');
    const painted = paintFirst(deployed);
    expect(painted).not.toMatch(/<script src="[^"]+" async="">/);
    expect(painted).not.toContain('rel="preload" as="script"');
    expect(chunksOfLoader(painted)).toEqual([
      '/_next/static/chunks/react.js?dpl=dpl_42',
      '/_next/static/chunks/router.js?dpl=dpl_42',
      '/_next/static/chunks/main.js?dpl=dpl_42',
    ]);
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

/**
 * Runs a loader as a page would, in a tab that is `hidden` or not: frames and timers wait in
 * queues that the test runs one task at a time, and each added script records its source.
 */
function runLoader(loader: string, { hidden }: { hidden: boolean }) {
  const requested: string[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const listeners: (() => void)[] = [];
  const document = {
    hidden,
    head: { appendChild: (script: { src: string }) => requested.push(script.src) },
    createElement: () => ({ src: '', async: false }),
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'visibilitychange') listeners.push(listener);
    },
  };
  runInNewContext(loader.replace(/^<script>|<\/script>$/g, ''), {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: (...args: unknown[]) => void, _delay: number, ...args: unknown[]) =>
      tasks.push(() => callback(...args)),
  });
  return {
    requested,
    paintFrame: () => frames.splice(0).forEach((frame) => frame()),
    runTask: () => tasks.shift()?.(),
    pendingTasks: () => tasks.length,
    hide: () => {
      document.hidden = true;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('the loader in a page', () => {
  const sources = [
    '/_next/static/chunks/react.js',
    '/_next/static/chunks/router.js',
    '/_next/static/chunks/main.js',
  ];

  it('requests nothing before the first frame, then one chunk per task, in order', () => {
    const tab = runLoader(chunkLoader(sources), { hidden: false });
    expect(tab.requested).toEqual([]);
    tab.paintFrame();
    tab.runTask();
    expect(tab.requested).toEqual([]);
    for (let count = 1; count <= sources.length; count += 1) {
      tab.runTask();
      expect(tab.requested).toEqual(sources.slice(0, count));
    }
    expect(tab.pendingTasks()).toBe(0);
  });

  it('requests every chunk at once in a hidden tab, which paints no frame', () => {
    expect(runLoader(chunkLoader(sources), { hidden: true }).requested).toEqual(sources);
  });

  it('requests every chunk at once when the tab is hidden before its first frame, and only once', () => {
    const tab = runLoader(chunkLoader(sources), { hidden: false });
    tab.hide();
    expect(tab.requested).toEqual(sources);
    tab.paintFrame();
    while (tab.pendingTasks() > 0) tab.runTask();
    expect(tab.requested).toEqual(sources);
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
      // Run again, it changes nothing and still counts both pages.
      expect(await paintFirstPages(distDir)).toBe(2);
      expect(await readFile(path.join(appDir, 'resources/charges.html'), 'utf8')).toBe(charges);
    } finally {
      await rm(distDir, { recursive: true, force: true });
    }
  });
});
