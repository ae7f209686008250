import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, hydrated, setupBrowser } from './browser';

const { open } = setupBrowser();
const desktop = { viewport: { width: 1280, height: 900 } };

/** The icon sprite the site's stylesheet masks its icons with, read from the server once. */
let iconSprite: Promise<string> | undefined;
const iconSpritePath = () => (iconSprite ??= findIconSprite());

async function findIconSprite(): Promise<string> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const stylesheet = html.match(/<link rel="stylesheet" href="([^"]+\.css)"/)![1]!;
  const css = await (await fetch(`${baseUrl}${stylesheet}`)).text();
  return new URL(css.match(/url\(([^)]*icons\.[^)]*\.svg)\)/)![1]!, `${baseUrl}${stylesheet}`)
    .pathname;
}

/** Requests for another page's data: its flight data (RSC) or its article body. */
const isPageData = (url: string, headers: Record<string, string>) =>
  headers.rsc === '1' || url.includes('_rsc=') || url.includes('/articles/');

// Issue 13: the menu fetches a page when the reader shows intent, not whenever it is in view.
describe('pages that weigh what they show', () => {
  // A guide has a link back to its category above its title: it waits for intent too.
  it.each(['/resources/charges', '/guides/payment-links'])(
    'fetch no other page after load until the pointer rests on a menu link (%s)',
    async (path) => {
      const page = await open(path, desktop);
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (isPageData(request.url(), request.headers())) fetched.push(request.url());
      });
      await page.waitForTimeout(2000);
      expect(fetched).toEqual([]);

      await page.locator('aside').getByRole('link', { name: 'Refunds', exact: true }).hover();
      await expect.poll(() => fetched.some((url) => url.includes('/resources/refunds'))).toBe(true);
      await expect
        .poll(() => fetched.some((url) => url.includes('/articles/resources/refunds.html')))
        .toBe(true);
      await page.context().close();
    },
  );

  it.each(['/resources/charges', '/'])(
    'paint before they request their scripts, then hydrate (%s)',
    async (path) => {
      const page = await open(path);
      await page.addInitScript(() =>
        requestAnimationFrame(() => Object.assign(window, { firstFrame: performance.now() })),
      );
      await page.reload();
      await hydrated(page);
      const { firstFrame, chunkStarts } = await page.evaluate(() => ({
        firstFrame: (window as unknown as { firstFrame: number }).firstFrame,
        chunkStarts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/_next\/static\/chunks\/[^/]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(chunkStarts.length).toBeGreaterThan(3);
      expect(Math.min(...chunkStarts)).toBeGreaterThanOrEqual(firstFrame);
      await page.context().close();
    },
  );

  it('load the next page body after a client navigation, with its code tabs working', async () => {
    const page = await open('/resources/refunds', desktop);
    await page.locator('aside').getByRole('link', { name: 'Charges', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/resources/charges');
    const article = page.locator('[data-slot="article-body"]');
    await article.locator('#create-a-charge').waitFor();
    const group = article.locator('[data-slot="code-group"]').first();
    await group.getByRole('tab', { name: 'Python' }).click();
    expect(await group.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.goBack();
    await article.locator('#create-a-refund').waitFor();
    await page.context().close();
  });

  it('keep the served article when hydrating, without fetching it again', async () => {
    const articles: string[] = [];
    const page = await open('/errors', desktop);
    page.on('request', (request) => {
      if (request.url().includes('/articles/')) articles.push(request.url());
    });
    expect(await page.locator('[data-slot="article-body"] h2').count()).toBeGreaterThan(3);
    await page.waitForTimeout(500);
    expect(articles).toEqual([]);
    await page.context().close();
  });

  const searchIntents: [string, (page: Page) => Promise<void>][] = [
    [
      'the pointer rests on the search button',
      (page) => page.locator('[data-slot="search-button"]').hover(),
    ],
    [
      'the search button takes focus',
      (page) => page.locator('[data-slot="search-button"]').focus(),
    ],
    ["the shortcut's modifier is pressed", (page) => page.keyboard.down('Control')],
  ];

  it.each(searchIntents)('fetch the search code only once %s', async (_, showIntent) => {
    const html = await (await fetch(`${baseUrl}/resources/charges`)).text();
    const named = new Set(html.match(/\/_next\/static\/chunks\/[^"'\\\s?)]+\.js/g));
    const page = await open('/resources/charges', desktop);
    const late: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js') && !named.has(pathname)) late.push(pathname);
    });
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(2000);
    expect(late).toEqual([]);

    await showIntent(page);
    await expect.poll(() => late.length).toBeGreaterThan(0);
    await page.keyboard.up('Control');
    await page.locator('[data-slot="search-button"]').click();
    await page.locator('dialog[open] [role="combobox"]').waitFor();
    await page.context().close();
  });

  it('never preload a guide picture when a guide link is prefetched', async () => {
    const page = await open('/categories/accept-payments', desktop);
    const card = page.locator('[data-slot="guide-card"] a').first();
    await card.hover();
    await page.waitForTimeout(1500);
    const imagePreloads = await page
      .locator('link[rel="preload"][as="image"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(imagePreloads).toEqual([await iconSpritePath()]);
    await page.context().close();
  });

  // Found only through the stylesheet's masks, the sprite would be asked for while the first
  // frame is laid out and the icons painted a frame later.
  it.each(['/', '/resources/charges'])(
    'ask for the icons with the stylesheet, once, not when it is applied (%s)',
    async (path) => {
      const sprite = await iconSpritePath();
      const page = await open(path);
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await page.reload();
      await hydrated(page);
      await page.waitForTimeout(500);
      const initiators = await page.evaluate(
        (spritePath) =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => new URL(entry.name).pathname === spritePath)
            .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
        sprite,
      );
      expect(initiators).toEqual(['link']);
      expect(warnings.filter((text) => text.includes(sprite))).toEqual([]);
      await page.context().close();
    },
  );
});
