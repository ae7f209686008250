import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../lib/browser-args.mjs';

/** Which responses count as what: the browser's own resource types. */
const KINDS = { script: 'js', stylesheet: 'css', document: 'html' };

/** Opens Debian Chromium for the byte counts; close it when done. */
export function launchBrowser() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
}

/**
 * Bytes of JavaScript, CSS and HTML a cold load of `url` asked for before its load event (empty
 * cache), raw and after gzip at level 9 computed here, whatever the server sent. What the page
 * fetches once loaded (code warmed while the browser is idle) is after-load-bytes.mjs's.
 */
export async function firstLoadBytes(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const responses = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  const beforeLoad = new Set();
  page.on('request', (request) => !loaded && beforeLoad.add(request));
  page.on('response', (response) => beforeLoad.has(response.request()) && responses.push(response));
  await page.goto(url, { waitUntil: 'networkidle' });
  const totals = { jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0, htmlRaw: 0, htmlGzip: 0 };
  for (const response of responses) {
    const kind = KINDS[response.request().resourceType()];
    if (!kind) continue;
    const body = await response.body();
    totals[`${kind}Raw`] += body.length;
    totals[`${kind}Gzip`] += gzipSync(body, { level: 9 }).length;
  }
  await context.close();
  return totals;
}
