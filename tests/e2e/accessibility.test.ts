import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatten } from '@/lib/navigation';
import { getMenu } from '@/lib/source';
import { localGuides } from '../support/local-guides';
import { baseUrl, setupBrowser, visit } from './browser';
import { prepareForAxe } from './axe-page';
import { blocksReservingTooLittle } from './block-reserves';

const { open, newContext } = setupBrowser();

type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/** Runs axe-core (WCAG 2.x A and AA rules) on the page and lists what it found. */
async function violations(page: Page): Promise<string[]> {
  await prepareForAxe(page);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return result.violations;
  });
  return found.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/** The path of every URL the sitemap lists (its host is the configured site URL). */
async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

const paths = [...(await sitemapPaths()), '/no-such-page'];

describe('the sweep', () => {
  it('covers every menu page and guide, as the sitemap lists them', async () => {
    const expected = [
      ...flatten(await getMenu()).map((link) => link.href),
      ...localGuides.map((guide) => `/guides/${guide.slug}`),
    ];
    expect([...paths].sort()).toEqual([...expected, '/no-such-page'].sort());
  });
});

/**
 * The two passes of the sweep: a desktop in the light theme, a phone in the dark one. Each page is
 * then narrowed to check its reserves there too: the tablet layout's narrowest width, and the
 * phones below 375 px, which scale the 375 px reserve by one factor from 360 px and another below.
 */
const passes = [
  {
    colorScheme: 'light',
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    narrowerWidths: [640],
  },
  {
    colorScheme: 'dark',
    viewport: { width: 375, height: 800 },
    isMobile: true,
    narrowerWidths: [360, 320],
  },
] as const;

// Every URL in the sitemap meets WCAG 2.1 AA as far as axe-core can tell, in both themes, and
// fits a 375 px phone without scrolling sideways. Its skipped blocks reserve at least the height
// they take at 320, 360, 375, 640 and 1280 px: less would make their content overlap the blocks
// below it wherever it is measured in place, as Lighthouse's own axe run does, and the scrollbar
// jump. Pages are checked a few at a time, in one context per pass: they store nothing, and a
// context of their own would add about 0.2 s to each.
describe.each(passes)(
  'axe-core, $colorScheme theme, $viewport.width px',
  ({ narrowerWidths, ...options }) => {
    let context: BrowserContext;
    beforeAll(async () => {
      context = await newContext(options);
    });
    afterAll(() => context.close());

    it.concurrent.each(paths)('%s has no violations', async (path) => {
      const page = await visit(context, path);
      expect(await violations(page)).toEqual([]);
      expect(await blocksReservingTooLittle(page)).toEqual([]);
      if (options.isMobile) {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(
          width,
          `${path} scrolls sideways at ${options.viewport.width} px`,
        ).toBeLessThanOrEqual(options.viewport.width);
      }
      for (const width of narrowerWidths) {
        await page.setViewportSize({ width, height: options.viewport.height });
        expect(await blocksReservingTooLittle(page)).toEqual([]);
      }
      await page.close();
    });
  },
);

describe.each(['light', 'dark'] as const)(
  'the open search dialog in the %s theme',
  (colorScheme) => {
    // Pages and endpoints; then codes and scenarios, with their type labels and names.
    it.each(['refund', 'insufficient funds'])(
      'has no violations with hits for "%s"',
      async (query) => {
        const page = await open('/', { colorScheme });
        await page.keyboard.press('Control+k');
        await page.locator('dialog[open] input').fill(query);
        await page.locator('[data-slot="search-hit"]').first().waitFor();
        expect(await violations(page)).toEqual([]);
        await page.context().close();
      },
    );
  },
);

describe('keyboard', () => {
  it('reaches the skip link first, and it moves focus to the content', async () => {
    const page = await open('/errors');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('content');
    await page.context().close();
  });

  it('shows a visible focus ring on focused controls', async () => {
    const page = await open('/errors');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(outline).toBe('solid 2px');
    await page.context().close();
  });
});
