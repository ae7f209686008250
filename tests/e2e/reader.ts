// A reader's hands: the wheel, the pointer resting on a link, a click, a tap. Tests that move
// this way take the paths people take, prefetching on intent among them.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { articleRoute } from '@/lib/routes';

/** Turns the wheel over the article until the page has scrolled to `y` or as far as it goes. */
export async function wheelTo(page: Page, y: number | 'bottom') {
  const viewport = page.viewportSize()!;
  await page.mouse.move(viewport.width * 0.7, viewport.height / 2);
  for (let turn = 0; turn < 200; turn += 1) {
    const { now, end } = await page.evaluate(() => ({
      now: Math.round(window.scrollY),
      end: document.documentElement.scrollHeight - window.innerHeight,
    }));
    const target = y === 'bottom' ? end : Math.min(y, end);
    if (Math.abs(target - now) <= 1) return now;
    await page.mouse.wheel(0, Math.sign(target - now) * Math.min(2400, Math.abs(target - now)));
    await page.waitForFunction((before) => Math.round(window.scrollY) !== before, now);
  }
  throw new Error(`The wheel did not bring the page to ${y}`);
}

/**
 * Brings `link` into view as a reader does: the wheel over whatever scrolls it (the page, the
 * sidebar, the phone menu), until it shows below the page's header.
 */
export async function wheelIntoView(page: Page, link: Locator) {
  for (let turn = 0; turn < 50; turn += 1) {
    const place = await link.evaluate((element) => {
      let scroller: Element | null = element.parentElement;
      let pinned = false;
      while (scroller) {
        const { overflowY, position } = getComputedStyle(scroller);
        if (/auto|scroll/.test(overflowY) && scroller.scrollHeight > scroller.clientHeight) break;
        pinned ||= position === 'fixed' || position === 'sticky';
        scroller = scroller.parentElement;
      }
      const box = scroller?.getBoundingClientRect();
      // The page's own scroll shows things below its sticky header; the header itself is always
      // in view.
      const shown = box
        ? { top: box.top, bottom: box.bottom, left: box.left, right: box.right }
        : { top: pinned ? 0 : 80, bottom: window.innerHeight, left: 0, right: window.innerWidth };
      const { top, bottom } = element.getBoundingClientRect();
      return { shown, top, bottom };
    });
    const { shown, top, bottom } = place;
    if (top >= shown.top && bottom <= shown.bottom) return;
    await page.mouse.move((shown.left + shown.right) / 2, (shown.top + shown.bottom) / 2);
    await page.mouse.wheel(0, top - (shown.top + shown.bottom) / 2);
    await page.waitForFunction(
      ([element, before]) => element!.getBoundingClientRect().top !== before,
      [await link.elementHandle(), top] as const,
    );
  }
  throw new Error('The wheel did not bring the link into view');
}

/** The page a link opens, without its query or fragment. */
const pathOf = (href: string) => href.split(/[?#]/)[0]!;

/** Waits until the article of the page at `href` has arrived in the browser, now or before. */
export async function articleArrived(page: Page, href: string) {
  await page.waitForFunction(
    (article) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some(
        (entry) => new URL(entry.name).pathname === article && entry.responseEnd > 0,
      ),
    articleRoute(pathOf(href)),
  );
}

/**
 * Moves the pointer onto `link` from beside it, at its height, so it passes over no other link
 * on the way (a pointer crossing the menu from a corner would fetch every page it touches).
 */
async function pointAt(page: Page, link: Locator) {
  const box = (await link.boundingBox())!;
  const y = box.y + box.height / 2;
  const beside = Math.min(box.x + box.width + 120, page.viewportSize()!.width - 1);
  await page.mouse.move(beside, y);
  await page.mouse.move(box.x + box.width / 2, y, { steps: 5 });
}

/** Rests the pointer on `link` until the page it opens has been fetched ahead, as a reader does. */
export async function hover(page: Page, link: Locator) {
  await wheelIntoView(page, link);
  await pointAt(page, link);
  await articleArrived(page, (await link.getAttribute('href'))!);
  await page.waitForLoadState('networkidle');
}

/** Presses and releases the mouse button where the pointer is. */
export async function clickHere(page: Page) {
  await page.mouse.down();
  await page.mouse.up();
}

/** Moves to `link`, rests on it until its page is fetched, and clicks. */
export async function hoverAndClick(page: Page, link: Locator) {
  await hover(page, link);
  await clickHere(page);
}

/** Clicks `link` at once, with no rest on it first: its page may not have been fetched. */
export async function quickClick(page: Page, link: Locator) {
  await wheelIntoView(page, link);
  await pointAt(page, link);
  await clickHere(page);
}

/** Taps `link` with a finger. */
export async function tap(page: Page, link: Locator) {
  await wheelIntoView(page, link);
  const box = (await link.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** Where a page landed: its scroll, its h1 on screen, its title and the menu's marked entry. */
export type Landing = {
  path: string;
  scrollY: number;
  /** The h1's top edge from the top of the window; a page at its top shows it under the header. */
  h1Top: number;
  h1: string;
  title: string;
  /** The entry the menu marks: the current page's link or one of its section links. */
  marked: string | null;
};

/** What the page shows now; the menu read is the sidebar, or the open phone menu. */
export function landing(page: Page): Promise<Landing> {
  return page.evaluate(() => {
    const h1 = document.querySelector('main h1')!;
    const menu =
      document.querySelector('#mobile-navigation[open] nav') ?? document.querySelector('aside nav');
    return {
      path: location.pathname + location.hash,
      scrollY: Math.round(window.scrollY),
      h1Top: Math.round(h1.getBoundingClientRect().top),
      h1: h1.textContent ?? '',
      title: document.title,
      marked: menu?.querySelector('[data-marker]')?.textContent ?? null,
    };
  });
}

/**
 * Waits for the page at `path` titled `title` to be shown with its article, then reads where it
 * landed twice, a frame apart, so a page still moving is not read halfway.
 */
export async function landedOn(page: Page, path: string, title: string): Promise<Landing> {
  await page.waitForFunction(
    ([expectedPath, h1]) =>
      location.pathname + location.hash === expectedPath &&
      document.querySelector('main h1')?.textContent === h1 &&
      !!document.querySelector('[data-slot="article-body"] > *'),
    [path, title] as const,
  );
  await page.waitForLoadState('networkidle');
  let before = await landing(page);
  for (;;) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    const now = await landing(page);
    if (JSON.stringify(now) === JSON.stringify(before)) return now;
    before = now;
  }
}

/** What the reader sees at the window's top: the article block there and where it starts. */
/**
 * Expects the reader to see what they left: the same block, at the same place give or take a
 * pixel, which restoring a scroll position can round either way.
 */
export async function expectReadingAgain(page: Page, left: { text: string; top: number } | null) {
  const now = await reading(page);
  expect(now?.text).toBe(left?.text);
  expect(Math.abs((now?.top ?? NaN) - (left?.top ?? NaN))).toBeLessThanOrEqual(1);
}

export function reading(page: Page): Promise<{ text: string; top: number } | null> {
  return page.evaluate(() => {
    const blocks = [...document.querySelectorAll('[data-slot="article-body"] > *')];
    const block = blocks.find((element) => element.getBoundingClientRect().bottom > 0);
    if (!block) return null;
    return {
      text: (block.textContent ?? '').slice(0, 80),
      top: Math.round(block.getBoundingClientRect().top),
    };
  });
}

/**
 * Holds the article of the page at `path` on its way, as a slow network would, until the
 * returned function is called.
 */
export async function holdArticle(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${articleRoute(path)}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
