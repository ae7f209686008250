import { describe, expect, it } from 'vitest';
import { byTitle, localGuides } from '../support/local-guides';
import { baseUrl, setupBrowser } from './browser';

const { open } = setupBrowser();
const categories = [
  'setup-account',
  'develop-integration',
  'accept-payments',
  'payment-operations',
];

// Guides from the embedded default source (content/guides), SPEC 1 and 3.
describe('guides on category pages', () => {
  it.each(categories)('/categories/%s lists its guides in title order', async (category) => {
    const page = await open(`/categories/${category}`);
    const expected = localGuides.filter((guide) => guide.category === category).sort(byTitle);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const cards = page.locator('[data-slot="guide-card"]');
    expect(await cards.locator('h3').allTextContents()).toEqual(expected.map((g) => g.title));
    expect(
      await cards.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(expected.map((g) => `/guides/${g.slug}`));
    for (const image of await cards.locator('img').all()) {
      expect((await image.getAttribute('alt'))?.length).toBeGreaterThan(10);
    }
    const anchor = page
      .locator('aside')
      .getByRole('list', { name: 'On this page' })
      .getByRole('link', { name: 'Guides' });
    expect(await anchor.getAttribute('href')).toBe('#guides');
    await page.context().close();
  });

  it('the Introduction shows every guide', async () => {
    const page = await open('/');
    const titles = await page.locator('#guides ~ ul [data-slot="guide-card"] h3').allTextContents();
    expect(titles).toEqual([...localGuides].sort(byTitle).map((g) => g.title));
    await page.context().close();
  });
});

describe('a guide page', () => {
  it('opens from its card with its title, summary, sections and a way back', async () => {
    const guide = localGuides.find((g) => g.slug === 'payment-links')!;
    const page = await open('/categories/accept-payments');
    await page.locator('[data-slot="guide-card"]').getByRole('link', { name: guide.title }).click();
    await page.waitForURL(`${baseUrl}/guides/payment-links`);
    await expect.poll(() => page.title()).toBe(`${guide.title} | Kestrel Pay`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      guide.summary,
    );
    expect(await page.locator('h1').textContent()).toBe(guide.title);
    // The body follows the title: after a client navigation it is fetched on its own.
    await expect.poll(() => page.locator('main h2[id]').count()).toBeGreaterThanOrEqual(3);
    expect(
      await page.locator('main [data-slot="code-block"], main [data-slot="code-group"]').count(),
    ).toBeGreaterThan(0);
    await page.locator('main').getByRole('link', { name: 'Accept Payments' }).click();
    await page.waitForURL(`${baseUrl}/categories/accept-payments`);
    await page.context().close();
  });

  it('answers 404 for a slug with no guide', async () => {
    expect((await fetch(`${baseUrl}/guides/no-such-guide`)).status).toBe(404);
  });
});
