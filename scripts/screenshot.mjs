// Saves screenshots of pages at desktop and mobile widths, light and dark: node scripts/screenshot.mjs <baseUrl> <outDir> <path...>
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { chromiumArgs } from './lib/browser-args.mjs';

const [baseUrl, outDir, ...paths] = process.argv.slice(2);
if (!baseUrl || !outDir || paths.length === 0) {
  console.error('Usage: node scripts/screenshot.mjs <baseUrl> <outDir> <path...>');
  process.exit(1);
}
await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
for (const width of [1280, 375]) {
  for (const colorScheme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme });
    for (const path of paths) {
      await page.goto(baseUrl + path, { waitUntil: 'load' });
      const name =
        (path === '/' ? 'home' : path.slice(1).replaceAll('/', '-')) +
        `-${width}-${colorScheme}.png`;
      await page.screenshot({ path: `${outDir}/${name}` });
      console.log(`${outDir}/${name}`);
    }
    await page.close();
  }
}
await browser.close();
