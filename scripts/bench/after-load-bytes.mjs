import { gzipSync } from 'node:zlib';
import { chunksNamedBy } from './first-load-bytes.mjs';

/** How long the page is watched after its load event for requests made on their own. */
const QUIET_MS = 3000;

/**
 * What a page fetches by itself once loaded at 1280 px (prefetches of the pages its links lead
 * to, late scripts), other than the startup chunks its HTML names: requests and bytes after gzip
 * at level 9, with an empty cache and no input.
 */
export async function afterLoadBytes(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  let loaded = false;
  const afterLoad = [];
  page.on('response', (response) => loaded && afterLoad.push(response));
  const document = await page.goto(url, { waitUntil: 'load' });
  loaded = true;
  const startup = await chunksNamedBy(document);
  await page.waitForTimeout(QUIET_MS);
  const received = await Promise.all(
    afterLoad
      .filter((response) => !startup.has(new URL(response.url()).pathname))
      .map((response) => response.body().catch(() => Buffer.alloc(0))),
  );
  await context.close();
  return {
    afterLoadRequests: received.length,
    afterLoadGzip: received.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
  };
}
