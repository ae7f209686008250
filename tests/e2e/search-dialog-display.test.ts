// What the search dialog shows: its hits with their words marked, no panel for an empty query,
// the messages when nothing is found or the service cannot be reached, the spinner of a slow
// answer and its input's magnifier. How a reader drives it is tested in
// search-dialog-controls.test.ts.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEARCH_HITS_PER_PAGE, SEARCH_STALLED_MS } from '@/lib/search/config';
import { setupBrowser } from './browser';
import { hits, openSearch as openSearchOn } from './search-page';

const { open } = setupBrowser();
const openSearch = (path = '/', options: BrowserContextOptions = {}) =>
  openSearchOn(open, path, options);

const SPINNER = '[data-slot="search-spinner"]';
type SpinnerWatch = { typedAt: number; shownAfter: number };

/**
 * Starts recording, in the page, how many milliseconds after the next keystroke the spinner
 * first appears; returns a reader of that figure (-1 until it has appeared).
 */
async function watchSpinner(page: Page): Promise<() => Promise<number>> {
  await page.evaluate((selector) => {
    const watch: SpinnerWatch = { typedAt: -1, shownAfter: -1 };
    Object.assign(window, { spinnerWatch: watch });
    document.addEventListener('input', () => (watch.typedAt = performance.now()), {
      capture: true,
      once: true,
    });
    new MutationObserver((_, observer) => {
      if (watch.typedAt < 0 || !document.querySelector(selector)) return;
      watch.shownAfter = performance.now() - watch.typedAt;
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  }, SPINNER);
  return () =>
    page.evaluate(
      () => (window as unknown as { spinnerWatch: SpinnerWatch }).spinnerWatch.shownAfter,
    );
}

// SPEC 2.5, 4 and 5: the search dialog's states, keys and messages.
describe('search dialog', () => {
  it('shows no panel for an empty query and five hits, the first active, for "refnd"', async () => {
    const { page, input } = await openSearch();
    expect(await page.locator('[role="listbox"]').count()).toBe(0);
    await input.fill('refnd');
    await expect.poll(() => hits(page).count()).toBe(SEARCH_HITS_PER_PAGE);
    const paths = await hits(page).evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-path')),
    );
    expect(paths).toContain('/resources/refunds');
    expect(paths.filter((path) => path?.startsWith('/resources/refunds#')).length).toBeGreaterThan(
      0,
    );
    expect(await hits(page).first().getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(
      await hits(page).first().getAttribute('id'),
    );
    expect(await hits(page).first().locator('[data-slot="hit-title"]').textContent()).not.toContain(
      '| Kestrel Pay',
    );
    expect(await hits(page).first().locator('mark').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('points at no option when nothing is found, and asks nothing for a query of spaces', async () => {
    const { page, dialog, input } = await openSearch();
    await dialog.locator('[role="combobox"]').waitFor();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search/')) {
        asked.push(JSON.parse(request.postData()!).requests[0].query);
      }
    });
    await input.fill('zzqxv');
    await page.locator('[data-slot="search-empty"]').waitFor();
    expect(await input.getAttribute('aria-activedescendant')).toBeNull();
    await input.fill('   ');
    await expect.poll(() => page.locator('[data-slot="search-empty"]').count()).toBe(0);
    await input.fill('refund');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    expect(await input.getAttribute('aria-activedescendant')).toBe(
      await hits(page).first().getAttribute('id'),
    );
    expect(asked).toEqual(['zzqxv', 'refund']);
    await page.context().close();
  });

  it('marks whole words in the hits, never letters inside a word', async () => {
    const { page, input } = await openSearch();
    await input.fill('refund a charge');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    const marks = page.locator('[data-slot="search-hit"] mark');
    expect(await marks.count()).toBeGreaterThan(0);
    const cutWords = await marks.evaluateAll((nodes) =>
      nodes
        .filter((mark) => /[\p{L}\p{N}]$/u.test(mark.previousSibling?.textContent ?? ''))
        .map((mark) => mark.parentElement?.textContent),
    );
    expect(cutWords).toEqual([]);
    await page.context().close();
  });

  // The delay passes the spinner's 300 ms and stays well under the client's 1 s connect timeout,
  // which would otherwise (rightly) fail the request, even on a busy machine. The page itself
  // records when the spinner appears: a locator polling at 500 ms intervals could miss it.
  it('shows a spinner once loading passes 300 ms', async () => {
    const { page, input } = await openSearch();
    await page.route('**/api/search/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const spinnerShownAfter = await watchSpinner(page);
    await input.fill('refund');
    await expect.poll(spinnerShownAfter).toBeGreaterThanOrEqual(0);
    // Less a millisecond for the page clock's coarsening.
    expect(await spinnerShownAfter()).toBeGreaterThanOrEqual(SEARCH_STALLED_MS - 1);
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    expect(await page.locator(SPINNER).count()).toBe(0);
    await page.context().close();
  });

  it('says nothing was found, showing a hostile query as text', async () => {
    const { page, input } = await openSearch();
    const hostile = '<svg onload="__pwned()">zzqx';
    await input.fill(hostile);
    const empty = page.locator('[data-slot="search-empty"]');
    await expect
      .poll(() => empty.textContent())
      .toBe(`Nothing found for ‘${hostile}’. Please try again.`);
    expect(await page.locator('dialog svg[onload]').count()).toBe(0);
    await page.context().close();
  });

  it('shows the no-hits message when the search service cannot be reached', async () => {
    const { page, input } = await openSearch();
    await page.route('**/api/search/**', (route) => route.abort('connectionrefused'));
    await input.fill('refund');
    await expect
      .poll(() => page.locator('[data-slot="search-empty"]').textContent(), { timeout: 20_000 })
      .toBe('Nothing found for ‘refund’. Please try again.');
    await page.context().close();
  });

  it.each([
    [1280, 900],
    [375, 812],
  ])("draws the input's magnifier alone, in a square box, at %i px", async (width, height) => {
    const { dialog } = await openSearch('/', { viewport: { width, height } });
    await dialog.locator('input[aria-autocomplete]').waitFor();
    const field = (await dialog.locator('form').boundingBox())!;
    const icon = (await dialog.locator('form [data-icon="search"]').boundingBox())!;
    // A taller box would show the sprite's rows above and below the magnifier.
    expect([icon.width, icon.height]).toEqual([20, 20]);
    expect(Math.abs(icon.y + icon.height / 2 - (field.y + field.height / 2))).toBeLessThan(1);
    await dialog.page().context().close();
  });
});
