import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromiumArgs } from '@/scripts/lib/browser-args.mjs';

export const baseUrl = inject('baseUrl');

/**
 * One Debian Chromium per test file; `open` gives a fresh page (own storage) on a site path, and
 * `newContext` a context whose pages share their storage, for tests that leave none behind.
 */
export function setupBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  });
  afterAll(async () => {
    await browser?.close();
  });

  const newContext = (options: BrowserContextOptions = {}): Promise<BrowserContext> =>
    browser.newContext({ baseURL: baseUrl, ...options });
  return {
    newContext,
    async open(path: string, options: BrowserContextOptions = {}): Promise<Page> {
      return visit(await newContext(options), path);
    },
  };
}

/** A new page of `context` on a site path, once hydrated. */
export async function visit(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  return page;
}

/** Waits for React to hydrate the page: the theme toggle reports its state only once mounted. */
export async function hydrated(page: Page) {
  await page.locator('button[aria-label="Dark theme"][aria-pressed]').waitFor();
}
