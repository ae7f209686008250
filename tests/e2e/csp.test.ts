import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAYOUT_SCRIPTS } from '@/lib/inline-scripts';
import { inlineScripts, scriptHashes } from '@/lib/security/script-hashes.mjs';
import { chunksOfLoader } from '@/lib/html/paint-first.mjs';
import { baseUrl, hydrated, setupBrowser } from './browser';
import { expectOwnScriptsOnly, scriptSources, watchViolations } from './csp-support';

const { newContext } = setupBrowser();

/** The path of every URL the sitemap lists (its host is the configured site URL). */
async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

const paths = await sitemapPaths();
/** The scripts Next.js writes itself: its payload and its chunk registration. */
const NEXT_OWN_SCRIPT = /^\(?self\.__next_f\b|^\(globalThis\["TURBOPACK"\]/;
let page: Page;
let violations: (page: Page) => Promise<string[]>;

beforeAll(async () => {
  // One dark context: the theme script's effect shows on every page it runs on.
  const context = await newContext({ colorScheme: 'dark' });
  violations = await watchViolations(context);
  page = await context.newPage();
});
afterAll(async () => {
  await page?.context().close();
});

// Every page runs its own inline scripts (the framework's data, the theme script, the
// paint-first loader) under a policy that allows no other inline script.
describe('the Content-Security-Policy of every page', () => {
  it('lists the sitemap’s pages', () => {
    expect(paths.length).toBeGreaterThan(40);
  });

  // One page object goes from page to page; each page is a test of its own, with its own time.
  it.each(paths)(
    '%s themes itself, loads its scripts and hydrates, with no violation',
    async (path) => {
      // Hydration is the condition waited for; images and fonts need not have loaded.
      const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
      expect(response?.status()).toBe(200);
      expectOwnScriptsOnly(path, response?.headers()['content-security-policy']);
      // Its startup chunks come from the paint-first loader, an inline script itself.
      expect(chunksOfLoader(await response!.text())).not.toEqual([]);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        true,
      );
      // Every inline script has run, or been blocked, by DOMContentLoaded; the chunks follow.
      expect(await violations(page)).toEqual([]);
      await hydrated(page);
      expect(await violations(page)).toEqual([]);
    },
  );

  it('answers them from the server’s cache with the hashes of exactly their scripts', async () => {
    const scriptsOfEach: string[][] = [];
    for (const path of paths) {
      const response = await fetch(baseUrl + path);
      const html = await response.text();
      const sources = scriptSources(response.headers.get('content-security-policy'));
      expect(scriptHashes(html).length, path).toBeGreaterThan(0);
      expect(sources, path).toEqual(expect.arrayContaining(scriptHashes(html)));
      // A page answered as its build wrote it needs no nonce, which caches would share.
      expect(
        sources.filter((source) => source.startsWith("'nonce-")),
        path,
      ).toEqual([]);
      expect(sources, path).not.toContain("'unsafe-inline'");
      scriptsOfEach.push(inlineScripts(html));
    }
    // Pages rendered per request get the layout's scripts by hash from the declared list when
    // the build prerenders none; Next.js's own get the nonce, the loader is not there.
    const [first = [], ...others] = scriptsOfEach;
    const undeclared = first.filter(
      (script) =>
        others.every((scripts) => scripts.includes(script)) &&
        !NEXT_OWN_SCRIPT.test(script) &&
        chunksOfLoader(`<script>${script}</script>`).length === 0 &&
        !LAYOUT_SCRIPTS.includes(script),
    );
    expect(
      undeclared.map((script) => script.slice(0, 80)),
      'layout scripts missing from LAYOUT_SCRIPTS (lib/inline-scripts)',
    ).toEqual([]);
  });

  it('lets a missing page and a client navigation run their scripts too', async () => {
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    expectOwnScriptsOnly('/no-such-page', missing?.headers()['content-security-policy']);
    await hydrated(page);
    const found = await violations(page);
    await page.goto('/webhooks');
    await hydrated(page);
    await page.locator('nav a[href="/errors"]').first().click();
    await page.waitForURL(`${baseUrl}/errors`);
    await page.locator('main h1').filter({ hasText: 'Errors' }).waitFor();
    found.push(...(await violations(page)));
    expect(found).toEqual([]);
  });
});
