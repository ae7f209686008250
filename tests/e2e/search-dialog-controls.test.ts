// The search dialog as a reader drives it: opened from its button, the keys that move, open and
// close, focus kept inside, the ways it closes (blur, outside click, hash change, going back), its
// input's limit and a phone's touches. What it shows is tested in search-dialog-display.test.ts.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from './browser';
import { hits, isDialogOpen, openSearch as openSearchOn } from './search-page';

const { open } = setupBrowser();
const openSearch = (path = '/', options: BrowserContextOptions = {}) =>
  openSearchOn(open, path, options);
const activeHit = (page: Page) => page.locator('[data-slot="search-hit"][aria-selected="true"]');

// SPEC 2.5, 4 and 5: the search dialog's states, keys and messages.
describe('search dialog', () => {
  it('opens from the button, focuses the input and names its engine', async () => {
    const page = await open('/');
    await page.locator('[data-slot="search-button"]').click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    // The input typed into first, then the autocomplete's own once its code is here: both focused.
    await dialog.locator('input').waitFor();
    await dialog.locator('input[aria-autocomplete]').waitFor();
    await expect
      .poll(() => dialog.locator('input').evaluate((input) => input === document.activeElement))
      .toBe(true);
    expect(await dialog.getByText('Search by MiniSearch').isVisible()).toBe(true);
    await page.context().close();
  });

  it('moves the active hit with the arrow keys and navigates to it on Enter', async () => {
    const { page, input } = await openSearch();
    await input.fill('webhook signature');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(2);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await activeHit(page).getAttribute('id')).toBe(
      await hits(page).nth(1).getAttribute('id'),
    );
    const target = await activeHit(page).getAttribute('data-path');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}${target}`);
    await expect.poll(() => isDialogOpen(page)).toBe(0);
    await page.context().close();
  });

  it.each([
    ['Control+Enter', 'a new tab'],
    ['Shift+Enter', 'a new window'],
  ])('%s opens the active hit in %s', async (keys) => {
    const { page, input } = await openSearch();
    await input.fill('pagination');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    const target = await activeHit(page).getAttribute('data-path');
    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      page.keyboard.press(keys),
    ]);
    await opened.waitForURL(`${baseUrl}${target}`);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('steps back on Escape: closes the panel, then clears the query, then closes the dialog', async () => {
    const { page, input } = await openSearch();
    await input.fill('refund');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => hits(page).count()).toBe(0);
    expect(await input.inputValue()).toBe('refund');
    expect(await isDialogOpen(page)).toBe(1);
    await page.keyboard.press('Escape');
    expect(await input.inputValue()).toBe('');
    expect(await isDialogOpen(page)).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => isDialogOpen(page)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-slot'))).toBe(
      'search-button',
    );
    await page.context().close();
  });

  it('closes the panel when the input loses focus', async () => {
    const { page, input } = await openSearch();
    await input.fill('refund');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    await input.evaluate((node: HTMLInputElement) => node.blur());
    await expect.poll(() => hits(page).count()).toBe(0);
    await page.context().close();
  });

  it('closes on an outside click, on a hash change and when a hit is clicked', async () => {
    const { page } = await openSearch();
    await page.mouse.click(5, 5);
    await expect.poll(() => isDialogOpen(page)).toBe(0);

    await page.keyboard.press('Control+k');
    await page.locator('dialog[open] input').waitFor();
    await page.evaluate(() => {
      window.location.hash = 'elsewhere';
    });
    await expect.poll(() => isDialogOpen(page)).toBe(0);

    await page.keyboard.press('Control+k');
    await page.locator('dialog[open] input').fill('chargebacks');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    const target = await hits(page).first().getAttribute('data-path');
    await hits(page).first().click();
    await page.waitForURL(`${baseUrl}${target}`);
    await expect.poll(() => isDialogOpen(page)).toBe(0);
    await page.context().close();
  });

  it('stays open when its own "Search by" line is pressed; only a click outside closes it', async () => {
    const { page, dialog, input } = await openSearch();
    await input.fill('refund');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    const attribution = dialog.getByText('Search by MiniSearch');
    await attribution.click();
    expect(await isDialogOpen(page)).toBe(1);
    expect(await hits(page).count()).toBeGreaterThan(0);
    // A press inside released outside (a drag) is no outside click either.
    const box = (await attribution.boundingBox())!;
    await page.mouse.move(box.x + 10, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(5, 5);
    await page.mouse.up();
    expect(await isDialogOpen(page)).toBe(1);
    await page.mouse.click(5, 5);
    await expect.poll(() => isDialogOpen(page)).toBe(0);
    await page.context().close();
  });

  it('keeps focus inside while open: Tab and Shift+Tab cycle within it, the page is inert', async () => {
    const { page, dialog, input } = await openSearch();
    await dialog.locator('input[aria-autocomplete]').waitFor();
    await input.fill('refund');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    const focusInDialog = () =>
      page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInDialog(), key).toBe(true);
    }
    expect(await hits(page).count()).toBeGreaterThan(0);
    const behind = page.locator('[data-slot="search-button"]');
    expect(
      await behind.evaluate((button: HTMLElement) => {
        button.focus();
        return document.activeElement === button;
      }),
    ).toBe(false);
    await page.context().close();
  });

  it('closes when the reader goes back, even to a section of the page before', async () => {
    const page = await open('/resources/charges');
    const sidebar = page.locator('aside nav[aria-label="Documentation"]');
    const section = sidebar.locator('a[href^="#"]').first();
    const hash = (await section.getAttribute('href'))!;
    await section.click();
    await page.waitForURL(`${baseUrl}/resources/charges${hash}`);
    await sidebar.locator('a[href="/resources/refunds"]').click();
    await page.waitForURL(`${baseUrl}/resources/refunds`);
    await page.keyboard.press('Control+k');
    await page.locator('dialog[data-slot="search-dialog"][open] input').waitFor();
    await page.goBack();
    await page.waitForURL(`${baseUrl}/resources/charges${hash}`);
    await expect.poll(() => isDialogOpen(page)).toBe(0);
    await page.context().close();
  });

  it('accepts at most 512 characters', async () => {
    const { input } = await openSearch();
    await input.fill('a'.repeat(600));
    expect((await input.inputValue()).length).toBe(512);
  });

  it('fills the width on a phone; a short touch keeps the keyboard, a 30 px drag closes it', async () => {
    const { page, input, dialog } = await openSearch('/', {
      viewport: { width: 375, height: 740 },
      hasTouch: true,
    });
    await dialog.locator('input[aria-autocomplete]').waitFor();
    const box = await dialog.locator('[role="combobox"], form').first().boundingBox();
    expect(Math.round(box!.width)).toBe(375);
    await input.fill('refund');
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    const drag = (distance: number) =>
      page
        .locator('[data-slot="search-hit"]')
        .first()
        .evaluate((node, dy) => {
          const touch = (y: number) =>
            new Touch({ identifier: 1, target: node, clientX: 100, clientY: y });
          node.dispatchEvent(
            new TouchEvent('touchstart', { bubbles: true, touches: [touch(300)] }),
          );
          node.dispatchEvent(
            new TouchEvent('touchmove', { bubbles: true, touches: [touch(300 + dy)] }),
          );
          node.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [] }));
        }, distance);
    const focused = () => input.evaluate((node) => node === document.activeElement);
    await drag(10);
    expect(await focused()).toBe(true);
    await drag(50);
    expect(await focused()).toBe(false);
    expect(await isDialogOpen(page)).toBe(1);
    expect(await hits(page).count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
