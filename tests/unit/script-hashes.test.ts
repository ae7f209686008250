import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashPageScripts, routeOfPage } from '@/lib/build/script-hashes';
import { LAYOUT_SCRIPTS, themeScript } from '@/lib/inline-scripts';
import type { ScriptHashes } from '@/lib/security/page-scripts';
import { hashSource, inlineScripts, scriptHashes } from '@/lib/security/script-hashes.mjs';
import { nonceSource, withoutNonces, withScriptSources } from '@/lib/security/script-policy.mjs';
import { chunksOfLoader, paintFirst } from '@/lib/html/paint-first.mjs';

/** The hash source of a text, computed here the way CSP defines it. */
const expected = (text: string) =>
  `'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`;

/** A page shaped as Next.js prerenders it, with every kind of script element. */
const page = [
  '<!DOCTYPE html><html><head>',
  `<script>${themeScript}</script>`,
  '<script src="/_next/static/chunks/main.js" async=""></script>',
  '<script data-src="x" id="loader">load("é")</script>',
  '<script type="application/ld+json">{"@type":"TechArticle"}</script>',
  '<script type="module">import("/a.js")</script>',
  "<script type='text/javascript'>one()</script>",
  '</head><body><p>Hi</p>',
  '<script>self.__next_f.push([1,"a"])</script>',
  '<script>self.__next_f.push([1,"a"])</script>',
  '<SCRIPT>upper()</SCRIPT >',
  '</body></html>',
].join('');

describe('the inline scripts of a page', () => {
  it('are the ones the browser runs: not external files, not data blocks', () => {
    expect(inlineScripts(page)).toEqual([
      themeScript,
      'load("é")',
      'import("/a.js")',
      'one()',
      'self.__next_f.push([1,"a"])',
      'self.__next_f.push([1,"a"])',
      'upper()',
    ]);
  });

  it('hash to the sources CSP defines, over their UTF-8 text, each once and sorted', () => {
    expect(hashSource('load("é")')).toBe(expected('load("é")'));
    const hashes = scriptHashes(page);
    expect(hashes).toHaveLength(6);
    expect(hashes).toEqual([...hashes].sort());
    expect(hashes).toContain(expected(themeScript));
    expect(hashes).not.toContain(expected('{"@type":"TechArticle"}'));
    expect(scriptHashes('<html><body><p>No script</p></body></html>')).toEqual([]);
  });
});

describe('a policy with a page’s script sources', () => {
  const base = "default-src 'self'; script-src 'self' https://cdn.example.com; style-src 'self'";

  it('adds them to script-src only, each once, and keeps every other directive', () => {
    const sources = [nonceSource('YWJj'), expected('a'), expected('a')];
    expect(withScriptSources(base, sources)).toBe(
      `default-src 'self'; script-src 'self' https://cdn.example.com 'nonce-YWJj' ${expected('a')}; style-src 'self'`,
    );
    expect(withScriptSources(withScriptSources(base, sources), sources)).toBe(
      withScriptSources(base, sources),
    );
  });

  it('refuses anything but a nonce or a hash, and a policy without script-src', () => {
    for (const source of ["'unsafe-inline'", '*', "'sha256-a' 'unsafe-inline'", "'nonce-a;'"]) {
      expect(() => withScriptSources(base, [source])).toThrow(/Not a nonce or hash source/);
    }
    expect(() => withScriptSources("default-src 'self'", [expected('a')])).toThrow(/no script-src/);
  });
});

describe('a page rendered for one request and kept for everyone', () => {
  const rendered =
    '<html><head><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js" nonce="bm9uY2U="/>' +
    '<script src="/_next/static/chunks/a.js" async="" nonce="bm9uY2U="></script></head>' +
    '<body><p nonce="text">nonce="kept"</p><script nonce="bm9uY2U=">self.__next_f.push([1])</script></body></html>';

  it('loses the nonces of its scripts and their preloads, and nothing else', () => {
    const kept = withoutNonces(rendered);
    expect(kept).not.toMatch(/<(?:script|link)[^>]* nonce=/);
    expect(kept).toContain('<p nonce="text">nonce="kept"</p>');
    expect(inlineScripts(kept)).toEqual(inlineScripts(rendered));
  });

  it('then paints before its scripts load, as the build’s pages do', () => {
    expect(chunksOfLoader(paintFirst(rendered))).toEqual([]);
    expect(chunksOfLoader(paintFirst(withoutNonces(rendered)))).toEqual([
      '/_next/static/chunks/a.js',
    ]);
  });
});

describe('the build step', () => {
  it('maps each prerendered file to its route', () => {
    expect(routeOfPage('/b/server/app', '/b/server/app/index.html')).toBe('/');
    expect(routeOfPage('/b/server/app', '/b/server/app/resources/charges.html')).toBe(
      '/resources/charges',
    );
    expect(routeOfPage('/b/server/app', '/b/server/app/_not-found.html')).toBe('/_not-found');
  });

  it('lists every page’s hashes and the layout’s, and fails when it finds no page', async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'script-hashes-'));
    try {
      const appDir = path.join(distDir, 'server/app');
      await mkdir(path.join(appDir, 'resources'), { recursive: true });
      await expect(hashPageScripts(distDir)).rejects.toThrow(/No prerendered page/);
      const charges = `<script>${themeScript}</script><script>one()</script><script>two()</script>`;
      await writeFile(path.join(appDir, 'index.html'), page);
      await writeFile(path.join(appDir, 'resources/charges.html'), charges);
      await writeFile(path.join(appDir, '_global-error.html'), '<script>error()</script>');
      await writeFile(path.join(appDir, 'resources/charges.rsc'), '<script>rsc()</script>');
      const prerendered = (seconds: number | false) => ({ initialRevalidateSeconds: seconds });
      const routes = {
        '/': prerendered(false),
        '/resources/charges': prerendered(60),
        '/_global-error': prerendered(false),
      };
      await writeFile(path.join(distDir, 'prerender-manifest.json'), JSON.stringify({ routes }));

      expect(await hashPageScripts(distDir)).toBe(3);
      const manifest = JSON.parse(
        await readFile(path.join(distDir, 'script-hashes.json'), 'utf8'),
      ) as ScriptHashes;
      expect(manifest).toEqual({
        // The declared layout scripts, and what every page with the theme script shares.
        shell: [...LAYOUT_SCRIPTS.map(expected), expected('one()')].sort(),
        routes: {
          '/': scriptHashes(page),
          '/resources/charges': scriptHashes(charges),
          '/_global-error': [expected('error()')],
        },
        // Rendered again on an interval, the charges page gets a nonce and its latest hashes.
        immutable: ['/'],
      });
    } finally {
      await rm(distDir, { recursive: true, force: true });
    }
  });
});
