import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { site } from '@/lib/site';
import { setupBrowser } from './browser';

const { open } = setupBrowser();

/** The alpha channel of the header's computed background colour. */
async function headerAlpha(page: Page, scrollY: number) {
  await page.evaluate((y) => window.scrollTo(0, y), scrollY);
  await page.waitForFunction((y) => Math.round(window.scrollY) === y, scrollY);
  return page.locator('[data-slot="header"]').evaluate((header) => {
    const colour = getComputedStyle(header).backgroundColor;
    return Number(colour.match(/rgba?\((?:[\d.]+,\s*){3}([\d.]+)\)/)?.[1] ?? 1);
  });
}

// SPEC 2.4: the top bar's background opacity ramps over the first 72 px of scroll.
describe('top bar', () => {
  it('ramps its background opacity over the first 72 px of scroll', async () => {
    const page = await open('/webhooks');
    const at0 = await headerAlpha(page, 0);
    await expect.poll(() => headerAlpha(page, 36)).toBeCloseTo((at0 + 0.9) / 2, 2);
    await expect.poll(() => headerAlpha(page, 72)).toBeCloseTo(0.9, 2);
    await expect.poll(() => headerAlpha(page, 400)).toBeCloseTo(0.9, 2);
    expect(at0).toBeCloseTo(0.5, 2);
    await expect.poll(() => headerAlpha(page, 0)).toBeCloseTo(0.5, 2);
    await page.context().close();
  });

  it('opens the dashboard in a new tab, safely', async () => {
    const page = await open('/');
    const link = page.locator('[data-slot="header"]').getByRole('link', { name: /Open Dashboard/ });
    expect(await link.getAttribute('href')).toBe(site.dashboardUrl);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await page.context().close();
  });

  it('links the logo home', async () => {
    const page = await open('/errors');
    await page.locator('aside').getByRole('link', { name: 'Kestrel Pay home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.title()).toBe('API Docs | Kestrel Pay');
    await page.context().close();
  });

  it('shows "Find something..." with Ctrl K on large screens elsewhere than Mac', async () => {
    const page = await open('/');
    const button = page.locator('[data-slot="search-button"]');
    expect(await button.innerText()).toMatch(/Find something\.\.\.\s*Ctrl K/);
    await page.context().close();
  });

  it('shows ⌘K on Mac', async () => {
    const page = await open('/', {
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/140',
    });
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'platform', { get: () => 'MacIntel' }),
    );
    await page.reload();
    const button = page.locator('[data-slot="search-button"]');
    expect(await button.innerText()).toMatch(/Find something\.\.\.\s*⌘K/);
    await page.context().close();
  });

  it('shows only the search icon on small screens, still named for assistive technology', async () => {
    const page = await open('/', { viewport: { width: 375, height: 800 } });
    const button = page.getByRole('button', { name: 'Find something...' });
    expect(await button.isVisible()).toBe(true);
    // Every piece of text in the button is visually hidden: only the icon shows.
    const visibleText = await button.evaluate((node) =>
      Array.from(node.querySelectorAll('span, kbd'))
        .filter((child) => child.getBoundingClientRect().width > 1 && child.textContent?.trim())
        .map((child) => child.textContent),
    );
    expect(visibleText).toEqual([]);
    expect(await button.locator('[data-icon="search"]').isVisible()).toBe(true);
    await page.context().close();
  });

  it.each(['Control+k', '/'])(
    'opens the search dialog with %s and closes it with Escape',
    async (keys) => {
      const page = await open('/');
      await page.keyboard.press(keys);
      const dialog = page.getByRole('dialog', { name: /search/i });
      await dialog.waitFor();
      expect(await page.locator('dialog[open]').count()).toBe(1);
      const input = dialog.locator('input');
      expect(await input.getAttribute('placeholder')).toBe('Find something...');
      expect(await input.getAttribute('maxlength')).toBe('512');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.context().close();
    },
  );
});

// Theme: follows the system until chosen, remembers the choice, never flashes the wrong one.
describe('theme toggle', () => {
  it('follows the system theme by default', async () => {
    const page = await open('/', { colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await page.context().close();
  });

  it('remembers the chosen theme across reloads', async () => {
    const page = await open('/', { colorScheme: 'light' });
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Dark theme', pressed: true }).waitFor();
    await page.context().close();
  });

  it('applies the remembered theme before any script of the app runs', async () => {
    const page = await open('/', { colorScheme: 'light' });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    const background = await page
      .locator('body')
      .evaluate((body) => getComputedStyle(body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await page.context().close();
  });
});
