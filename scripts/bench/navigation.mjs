/** How long the pointer rests on a menu link before the click, as a reader's would. */
const HOVER_MS = 150;

/**
 * Milliseconds from a click on a menu link to the new page's h1 and to its article, starting
 * from `fromPath`: the pointer rests on the link first (which fetches on intent), then clicks.
 */
export async function clickToPage(browser, baseUrl, { fromPath, linkName, title }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(baseUrl + fromPath, { waitUntil: 'networkidle' });
  const link = page.locator('aside').getByRole('link', { name: linkName, exact: true });
  await link.hover();
  await page.waitForTimeout(HOVER_MS);
  const started = await page.evaluate(() => performance.now());
  await link.click();
  const h1 = await page.evaluate(
    (expected) =>
      new Promise((resolve) => {
        const check = () =>
          document.querySelector('h1')?.textContent === expected
            ? resolve(performance.now())
            : requestAnimationFrame(check);
        check();
      }),
    title,
  );
  const article = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const check = () =>
          document.querySelector('[data-slot="article-body"] > *')
            ? resolve(performance.now())
            : requestAnimationFrame(check);
        check();
      }),
  );
  await context.close();
  return { clickToH1Ms: h1 - started, clickToArticleMs: article - started };
}
