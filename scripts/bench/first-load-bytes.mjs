import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { scriptChunks } from '../bundle-budget/first-load.ts';
import { chromiumArgs } from '../lib/browser-args.mjs';

/** Which responses count as what: the browser's own resource types. */
const KINDS = { script: 'js', stylesheet: 'css', document: 'html' };

/** Opens Debian Chromium for the byte counts; close it when done. */
export function launchBrowser() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
}

/**
 * The script chunks the page's own HTML loads (as script elements or after its first paint),
 * as URL paths: part of its first load even when requested after the load event.
 */
export async function chunksNamedBy(documentResponse) {
  return new Set(scriptChunks(await documentResponse.text()));
}

/**
 * Bytes of JavaScript, CSS and HTML a cold load of `url` asked for before its load event (empty
 * cache), with the startup chunks its HTML names, raw and after gzip at level 9 computed here,
 * whatever the server sent. What the page fetches once loaded is after-load-bytes.mjs's.
 */
export async function firstLoadBytes(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('request', (request) => requests.push({ request, beforeLoad: !loaded }));
  const startup = await chunksNamedBy(await page.goto(url, { waitUntil: 'networkidle' }));
  const responses = [];
  for (const { request, beforeLoad } of requests) {
    const response = await request.response();
    if (response && (beforeLoad || startup.has(new URL(request.url()).pathname))) {
      responses.push(response);
    }
  }
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
