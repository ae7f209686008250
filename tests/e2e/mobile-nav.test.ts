import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser } from './browser';

const { open } = setupBrowser();
const phone = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };

async function openMenu(path: string) {
  const page = await open(path, phone);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const menu = page.getByRole('dialog', { name: 'Navigation' });
  await menu.waitFor();
  return { page, menu };
}

const isOpen = (page: Page) =>
  page.locator('#mobile-navigation').evaluate((d: HTMLDialogElement) => d.open);
const focusedInside = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest('#mobile-navigation'));

// SPEC 2.3 and 4: the narrow-screen menu and its open/closed states.
describe('mobile navigation at 375 px', () => {
  it('opens from the toggle with the placeholder links, every group and Sign in', async () => {
    const { page, menu } = await openMenu('/authentication');
    expect(await page.locator('aside').isVisible()).toBe(false);
    for (const name of [
      'API',
      'Documentation',
      'Support',
      'Sign in',
      'Introduction',
      'Transactions',
    ]) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await menu.locator('a[aria-current="page"]').textContent()).toBe('Authentication');
    expect(
      await menu.getByRole('list', { name: 'On this page' }).getByRole('link').count(),
    ).toBeGreaterThan(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    );
    await page.context().close();
  });

  it('keeps focus inside while open and returns it to the toggle on Escape', async () => {
    const { page, menu } = await openMenu('/');
    const focusables = menu.locator('a[href], button');
    const first = focusables.first();
    const last = focusables.last();
    expect(await focusedInside(page)).toBe(true);
    await last.focus();
    await page.keyboard.press('Tab');
    expect(await first.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await last.evaluate((node) => node === document.activeElement)).toBe(true);
    for (let step = 0; step < 5; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusedInside(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => isOpen(page)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Open navigation',
    );
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
      'hidden',
    );
    await page.context().close();
  });

  it('closes when a link navigates to another page', async () => {
    const { page, menu } = await openMenu('/');
    await menu.getByRole('link', { name: 'Customers', exact: true }).click();
    await page.waitForURL(`${baseUrl}/resources/customers`);
    await expect.poll(() => isOpen(page)).toBe(false);
    await expect.poll(() => page.title()).toBe('Customers | Kestrel Pay');
    await page.context().close();
  });

  it('closes when a section link changes the hash', async () => {
    const { page, menu } = await openMenu('/webhooks');
    const section = menu.getByRole('list', { name: 'On this page' }).getByRole('link').nth(1);
    const href = await section.getAttribute('href');
    await section.click();
    await page.waitForURL(`${baseUrl}/webhooks${href}`);
    await expect.poll(() => isOpen(page)).toBe(false);
    await page.context().close();
  });

  it('closes when the hash changes from elsewhere', async () => {
    const { page } = await openMenu('/webhooks');
    await page.evaluate(() => {
      window.location.hash = 'somewhere';
    });
    await expect.poll(() => isOpen(page)).toBe(false);
    await page.context().close();
  });

  it('closes from its close button and a click on the backdrop', async () => {
    const { page, menu } = await openMenu('/');
    await menu.getByRole('button', { name: 'Close navigation' }).click();
    await expect.poll(() => isOpen(page)).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.mouse.click(370, 400);
    await expect.poll(() => isOpen(page)).toBe(false);
    await page.context().close();
  });
});
