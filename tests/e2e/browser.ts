import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromiumArgs } from '@/scripts/lib/browser-args.mjs';

export const baseUrl = inject('baseUrl');

/** One Debian Chromium per test file; `open` gives a fresh page (own storage) on a site path. */
export function setupBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    async open(path: string, options: BrowserContextOptions = {}): Promise<Page> {
      const context = await browser.newContext({ baseURL: baseUrl, ...options });
      const page = await context.newPage();
      await page.goto(path);
      await hydrated(page);
      return page;
    },
  };
}

/** Waits for React to hydrate the page: the theme toggle reports its state only once mounted. */
export async function hydrated(page: Page) {
  await page.locator('button[aria-label="Dark theme"][aria-pressed]').waitFor();
}
