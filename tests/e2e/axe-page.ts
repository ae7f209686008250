import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Loads axe-core into the page and renders every block: axe reads colours from what is painted,
 * and the reference's blocks far from the screen are skipped (content-visibility) until near it.
 */
export async function prepareForAxe(page: Page): Promise<void> {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  // Evaluated through the debugging protocol, which the page's Content-Security-Policy does not
  // govern: an inline script tag would need the page's hash or nonce.
  await page.evaluate(axeSource);
}
