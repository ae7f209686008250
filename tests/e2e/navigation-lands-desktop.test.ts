// Every click lands where a reader expects at 1280 x 900: a new page opens at its top (or at the
// section its address names) whichever way it was reached and whether it was fetched ahead or
// not; Back returns to where the reader was; the menu marks the page shown; "Copy page" names the
// address the reader is on. Moved as a reader moves: the wheel, the pointer resting on a link, a
// click, keys. A phone's landings are tested in navigation-lands-phone.test.ts.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser, visit } from './browser';
import { atTop, expectH1UnderHeader } from './landing';
import {
  articleArrived,
  clickHere,
  expectReadingAgain,
  holdArticle,
  hoverAndClick,
  landedOn,
  quickClick,
  reading,
  wheelIntoView,
  wheelTo,
} from './reader';

const { newContext } = setupBrowser();
const desktop = { viewport: { width: 1280, height: 900 } };

const sidebarLink = (page: Page, name: string) =>
  page.locator('aside nav[aria-label="Documentation"]').getByRole('link', { name, exact: true });
const sidebarLinkTo = (page: Page, href: string) =>
  page.locator(`aside nav[aria-label="Documentation"] a[href="${href}"]`);
const articleLinks = (page: Page, href: string) =>
  page.locator(`[data-slot="article-body"] a[href="${href}"]`);

async function openPage(path: string, options: BrowserContextOptions) {
  return visit(await newContext(options), path);
}

/** Opens search with Ctrl+K, types `query` and opens the first hit, which must be `path`. */
async function searchAndOpen(page: Page, query: string, path: string) {
  await page.keyboard.press('Control+k');
  const input = page.locator('dialog[data-slot="search-dialog"][open] input[aria-autocomplete]');
  await input.waitFor();
  await input.pressSequentially(query, { delay: 40 });
  const first = page.locator('[data-slot="search-hit"][aria-selected="true"]');
  await expect.poll(() => first.getAttribute('data-path')).toBe(path);
  await page.keyboard.press('Enter');
}

describe('a new page opens at its top at 1280 x 900', () => {
  it('after the wheel reached the bottom and the pointer rested on "Next: Testing"', async () => {
    const page = await openPage('/webhooks', desktop);
    expect(await wheelTo(page, 'bottom')).toBeGreaterThan(10_000);
    await hoverAndClick(
      page,
      page.locator('nav[aria-label="Previous and next pages"] a[rel="next"]'),
    );
    const landed = await landedOn(page, '/testing', 'Testing');
    expect(landed).toMatchObject(atTop('Testing'));
    expectH1UnderHeader(landed, page);
    await page.context().close();
  });

  it.each([
    ['Chargebacks', '/resources/chargebacks'],
    ['Errors', '/errors'],
  ])('from a menu link, "%s", hovered after wheeling down Charges', async (name, path) => {
    const page = await openPage('/resources/charges', desktop);
    expect(await wheelTo(page, 7_800)).toBe(7_800);
    await hoverAndClick(page, sidebarLink(page, name));
    const landed = await landedOn(page, path, name);
    expect(landed).toMatchObject(atTop(name));
    expectH1UnderHeader(landed, page);
    await page.context().close();
  });

  it('from a link in the article, hovered after wheeling down to it', async () => {
    const page = await openPage('/webhooks', desktop);
    const link = articleLinks(page, '/resources/refunds').last();
    const top = await link.evaluate((a) => a.getBoundingClientRect().top + window.scrollY);
    expect(top).toBeGreaterThan(5_000);
    await hoverAndClick(page, link);
    expect(await landedOn(page, '/resources/refunds', 'Refunds')).toMatchObject(atTop('Refunds'));
    await page.context().close();
  });

  it('from a menu link reached with Tab and opened with Enter, fetched ahead on focus', async () => {
    const page = await openPage('/resources/charges', desktop);
    await wheelTo(page, 5_000);
    const link = sidebarLink(page, 'Customers');
    // Focus moves to the link the way Tab does: from the link before it.
    await sidebarLink(page, 'Currencies').focus();
    await page.keyboard.press('Tab');
    expect(await link.evaluate((a) => a === document.activeElement)).toBe(true);
    await articleArrived(page, '/resources/customers');
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Enter');
    expect(await landedOn(page, '/resources/customers', 'Customers')).toMatchObject(
      atTop('Customers'),
    );
    await page.context().close();
  });

  it('from a link that was never fetched ahead: a quick click', async () => {
    const page = await openPage('/resources/charges', desktop);
    await wheelTo(page, 3_000);
    await quickClick(page, sidebarLink(page, 'Transactions'));
    expect(await landedOn(page, '/resources/transactions', 'Transactions')).toMatchObject(
      atTop('Transactions'),
    );
    await page.context().close();
  });

  it('from a search result picked with the keys, at the top of the page it names', async () => {
    const page = await openPage('/errors', desktop);
    await wheelTo(page, 4_000);
    await searchAndOpen(page, 'bank', '/resources/bank');
    expect(await landedOn(page, '/resources/bank', 'Bank')).toMatchObject(atTop('Bank'));
    await page.context().close();
  });

  it('at the section a link names, with the marker on that section', async () => {
    const page = await openPage('/webhooks', desktop);
    await wheelTo(page, 'bottom');
    await hoverAndClick(page, articleLinks(page, '/testing#test-clock').first());
    const landed = await landedOn(page, '/testing#test-clock', 'Testing');
    const headingTop = await page.evaluate(
      () => document.getElementById('test-clock')!.getBoundingClientRect().top,
    );
    expect(landed.scrollY).toBeGreaterThan(0);
    expect(headingTop).toBeGreaterThanOrEqual(0);
    expect(headingTop).toBeLessThan(120);
    expect(landed.marked).toBe(await sidebarLinkTo(page, '#test-clock').textContent());
    await page.context().close();
  });
});

describe('Back and Forward return to where the reader was at 1280 x 900', () => {
  it('Back shows the text the reader left at the top of the window, Forward the next page at its top', async () => {
    const page = await openPage('/webhooks', desktop);
    await wheelTo(page, 9_000);
    const testing = sidebarLink(page, 'Testing');
    await wheelIntoView(page, testing);
    const left = (await reading(page))!;
    expect(left.text).not.toBe('');
    await hoverAndClick(page, testing);
    expect(await landedOn(page, '/testing', 'Testing')).toMatchObject(atTop('Testing'));
    await page.goBack();
    await landedOn(page, '/webhooks', 'Webhooks');
    await expectReadingAgain(page, left);
    await page.goForward();
    expect(await landedOn(page, '/testing', 'Testing')).toMatchObject(atTop('Testing'));
    await page.context().close();
  });

  it('Back onto a page whose article arrives after it puts the reader back once it is in', async () => {
    const page = await openPage('/webhooks', desktop);
    await wheelTo(page, 6_000);
    const testing = sidebarLink(page, 'Testing');
    await wheelIntoView(page, testing);
    const left = (await reading(page))!;
    // The article of the page left is held on its way until the reader has gone back.
    const release = await holdArticle(page, '/webhooks');
    await hoverAndClick(page, testing);
    await page.waitForFunction(() => document.title.startsWith('Testing'));
    await page.goBack();
    await page.waitForFunction(() => document.title.startsWith('Webhooks'));
    release();
    await landedOn(page, '/webhooks', 'Webhooks');
    await expectReadingAgain(page, left);
    await page.context().close();
  });

  it('Back onto a page read from its top, its article arriving after it, marks the page', async () => {
    const page = await openPage('/authentication', desktop);
    const release = await holdArticle(page, '/authentication');
    await hoverAndClick(page, sidebarLink(page, 'Pagination'));
    // Not landedOn: the article held keeps the network busy.
    await page.locator('main h1', { hasText: 'Pagination' }).waitFor();
    await wheelTo(page, 'bottom');
    await page.goBack();
    await page.waitForFunction(() => document.title.startsWith('Authentication'));
    release();
    expect(await landedOn(page, '/authentication', 'Authentication')).toMatchObject(
      atTop('Authentication'),
    );
    await page.context().close();
  });
});

describe('the menu marks the page shown at 1280 x 900', () => {
  it('marks "Audit" itself after a quick click, its article arriving after the page', async () => {
    const page = await openPage('/sdks', desktop);
    const release = await holdArticle(page, '/resources/audit');
    await quickClick(page, sidebarLink(page, 'Audit'));
    await page.waitForFunction(() => document.title.startsWith('Audit'));
    release();
    expect(await landedOn(page, '/resources/audit', 'Audit')).toMatchObject(atTop('Audit'));
    await page.context().close();
  });

  it('marks "Bank" itself after a search from the top of Errors', async () => {
    const page = await openPage('/errors', desktop);
    await searchAndOpen(page, 'bank', '/resources/bank');
    expect(await landedOn(page, '/resources/bank', 'Bank')).toMatchObject(atTop('Bank'));
    await page.context().close();
  });
});

describe('"Copy page" names the address the reader is on', () => {
  it('copies the page with its commands and links at this origin, not the configured one', async () => {
    const context = await newContext({
      ...desktop,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await visit(context, '/');
    const origin = new URL(page.url()).origin;
    const button = page.getByRole('button', { name: 'Copy page' });
    const box = (await button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
    await clickHere(page);
    await page.locator('[data-slot="page-title"] [data-status="copied"]').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`curl ${origin}/sandbox/v1/customers`);
    expect(copied).toContain(`](${origin}/errors)`);
    if (origin !== 'http://localhost:3000') expect(copied).not.toContain('http://localhost:3000');
    await context.close();
  });
});
