// Every tap lands where a reader expects at 375 x 812: a new page opens at its top, and the phone
// menu opens on the page shown with focus kept inside it. Moved as a reader moves: a finger, and
// keys for the menu. The desktop's landings are tested in navigation-lands-desktop.test.ts.
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, visit } from './browser';
import { expectH1UnderHeader } from './landing';
import { landedOn, tap, wheelTo } from './reader';

const { newContext } = setupBrowser();
const phone = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };

async function openPage(path: string, options: BrowserContextOptions) {
  return visit(await newContext(options), path);
}

/** Opens the phone menu with a tap on its toggle; resolves to the dialog once shown. */
async function openPhoneMenu(page: Page): Promise<Locator> {
  await tap(page, page.getByRole('button', { name: 'Open navigation' }));
  const menu = page.getByRole('dialog', { name: 'Navigation' });
  await menu.locator('nav').waitFor();
  return menu;
}

/** Whether `link` shows whole inside the phone menu's scrolling panel. */
const shownInMenu = (link: Locator) =>
  link.evaluate((a) => {
    const panel = a.closest('#mobile-navigation > div')!.getBoundingClientRect();
    const box = a.getBoundingClientRect();
    return box.top >= panel.top && box.bottom <= panel.bottom;
  });

describe('a new page opens at its top at 375 x 812', () => {
  it('from "Next", tapped after scrolling to the bottom', async () => {
    const page = await openPage('/webhooks', phone);
    await wheelTo(page, 'bottom');
    await tap(page, page.locator('a[rel="next"]'));
    const landed = await landedOn(page, '/testing', 'Testing');
    expect(landed).toMatchObject({ scrollY: 0, title: 'Testing | Kestrel Pay' });
    expectH1UnderHeader(landed, page);
    await page.context().close();
  });

  it('from a link of the phone menu, tapped after scrolling', async () => {
    const page = await openPage('/resources/charges', phone);
    await wheelTo(page, 6_000);
    const menu = await openPhoneMenu(page);
    const link = menu.getByRole('link', { name: 'Chargebacks', exact: true });
    await link.scrollIntoViewIfNeeded();
    await tap(page, link);
    const landed = await landedOn(page, '/resources/chargebacks', 'Chargebacks');
    expect(landed).toMatchObject({ scrollY: 0, title: 'Chargebacks | Kestrel Pay' });
    await page.context().close();
  });
});

describe('the phone menu at 375 x 812', () => {
  it.each([
    ['/resources/transactions', 'Transactions'],
    ['/resources/scheduled-payments', 'Scheduled Payments'],
    ['/sdk/usage', 'Usage'],
  ])('opens on %s with its entry and first section links in view', async (path, title) => {
    const page = await openPage(path, phone);
    const menu = await openPhoneMenu(page);
    const current = menu.locator('a[aria-current="page"]');
    expect(await current.textContent()).toBe(title);
    expect(await shownInMenu(current)).toBe(true);
    const sections = menu.getByRole('list', { name: 'On this page' }).getByRole('link');
    expect(await shownInMenu(sections.first())).toBe(true);
    await page.context().close();
  });

  it('keeps focus inside from the first key: Shift+Tab goes to its last item, Tab to its first', async () => {
    const page = await openPage('/resources/transactions', phone);
    const menu = await openPhoneMenu(page);
    const focusedInMenu = () =>
      page.evaluate(() => !!document.activeElement?.closest('#mobile-navigation'));
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(await focusedInMenu()).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedInMenu()).toBe(true);
    expect(await focusedText()).toBe('Sign in');
    await page.keyboard.press('Escape');
    await openPhoneMenu(page);
    await page.keyboard.press('Tab');
    expect(await focusedInMenu()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Close navigation',
    );
    expect(await menu.isVisible()).toBe(true);
    await page.context().close();
  });
});
