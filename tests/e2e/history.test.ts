import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser, visit } from './browser';
import { expectReadingAgain, hoverAndClick, reading, wheelIntoView } from './reader';

const { newContext } = setupBrowser();
const desktop = { viewport: { width: 1280, height: 900 } };
const phone = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };

/** The sidebar's menu, and the small screens' menu (present while it is open). */
const SIDEBAR = 'aside nav[aria-label="Documentation"]';
const MOBILE_MENU = '#mobile-navigation nav[aria-label="Documentation"]';
const sidebar = (page: Page) => page.locator(SIDEBAR);
const mobileMenu = (page: Page) => page.getByRole('dialog', { name: 'Navigation' });

/** Everything on screen that names a page: what Back and Forward must restore with the URL. */
type Shown = {
  url: string;
  title: string;
  h1: string | null;
  /** The marked menu link and the section links under it. */
  marker: { text: string | null; href: string | null } | null;
  sections: (string | null)[];
  /** The article's section headings. */
  headings: string[];
  previous: string | null;
  next: string | null;
  /** Whether the feedback block asks its question (it resets whenever the path changes). */
  feedbackAsks: boolean;
  /** Whether the section the address names is on screen; null for an address without one. */
  sectionOnScreen: boolean | null;
};

/** What the page shows, its menu read from the sidebar or the open mobile menu, in one look. */
function shown(page: Page, menu = SIDEBAR): Promise<Shown> {
  return page.evaluate((menuSelector): Shown => {
    const nav = document.querySelector(menuSelector);
    const marked = nav?.querySelector('a[aria-current="page"]');
    const pager = document.querySelector('nav[aria-label="Previous and next pages"]');
    const asking = document.querySelector<HTMLElement>('[data-slot="feedback"] form:not([inert])');
    const section = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    const top = section?.getBoundingClientRect().top;
    return {
      url: location.pathname + location.hash,
      title: document.title,
      h1: document.querySelector('main h1')?.textContent ?? null,
      marker: marked ? { text: marked.textContent, href: marked.getAttribute('href') } : null,
      sections: [...(nav?.querySelectorAll('[aria-label="On this page"] a') ?? [])].map((a) =>
        a.getAttribute('href'),
      ),
      headings: [...document.querySelectorAll('main h2[id]')].map((h) => h.id),
      previous: pager?.querySelector('a[rel="prev"]')?.getAttribute('href') ?? null,
      next: pager?.querySelector('a[rel="next"]')?.getAttribute('href') ?? null,
      feedbackAsks: !!asking,
      sectionOnScreen: location.hash ? top !== undefined && top >= 0 && top < innerHeight : null,
    };
  }, menu);
}

const references = new Map<typeof desktop | typeof phone, Promise<BrowserContext>>();
const loaded = new Map<string, Promise<Shown>>();

/** What a fresh load of `path` shows (the answer a reload gives), read once per path and size. */
function freshLoad(path: string, options: typeof desktop | typeof phone = desktop) {
  const key = `${options.viewport.width}:${path}`;
  let answer = loaded.get(key);
  if (!answer) {
    if (!references.has(options)) references.set(options, newContext(options));
    answer = references
      .get(options)!
      .then((context) => visit(context, path))
      .then(async (page) => {
        if (options === phone) await openMobileMenu(page);
        const fresh = await shown(page, options === phone ? MOBILE_MENU : SIDEBAR);
        await page.close();
        return fresh;
      });
    loaded.set(key, answer);
  }
  return answer;
}

/** Opens the menu of small screens; returns its navigation. */
async function openMobileMenu(page: Page) {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await mobileMenu(page).waitFor();
  return page.locator(MOBILE_MENU);
}

/** Waits until the page shows what a fresh load of its URL shows, with `title` in its title. */
async function expectPageOf(page: Page, path: string, title: string) {
  await page.waitForURL(`${baseUrl}${path}`);
  const fresh = await freshLoad(path);
  expect(fresh.title).toBe(`${title} | Kestrel Pay`);
  expect(fresh.h1).toBe(title);
  await expect.poll(() => shown(page)).toEqual(fresh);
}

/** A move through the history, and the page and title the entry it lands on must show. */
type Step = [move: 'back' | 'forward', path: string, title: string];

/** Makes each move in turn, checking after each that the page is the one its URL names. */
async function walk(page: Page, steps: Step[]) {
  for (const [move, path, title] of steps) {
    await (move === 'back' ? page.goBack() : page.goForward());
    await expectPageOf(page, path, title);
  }
}

/** Follows the sidebar's section link `hash` on the page at `path`: a new history entry. */
async function followSection(page: Page, path: string, hash: string) {
  await sidebar(page).locator(`a[href="${hash}"]`).click();
  await page.waitForURL(`${baseUrl}${path}${hash}`);
}

/** Answers the feedback question, so a page that stays put shows the thanks, not the question. */
async function answerFeedback(page: Page) {
  const feedback = page.locator('[data-slot="feedback"]');
  await feedback.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect
    .poll(() => feedback.getByRole('status').textContent())
    .toBe('Thanks for your feedback!');
}

afterAll(async () => {
  for (const context of references.values()) await (await context).close();
});

// SPEC 2.3 and 2.6: whichever entry Back or Forward lands on, hash or page, the title, article,
// menu marker, section links, previous/next and feedback block are those of the URL.
describe('Back and Forward at 1280 px', () => {
  it('restore a page from its section entry: section link, menu page, Back, Forward, Back', async () => {
    const page = await visit(await newContext(desktop), '/resources/charges');
    await followSection(page, '/resources/charges', '#declines');
    await sidebar(page).getByRole('link', { name: 'Refunds', exact: true }).click();
    await expectPageOf(page, '/resources/refunds', 'Refunds');
    await answerFeedback(page);

    await walk(page, [
      ['back', '/resources/charges#declines', 'Charges'],
      ['forward', '/resources/refunds', 'Refunds'],
      ['back', '/resources/charges#declines', 'Charges'],
    ]);
    await page.context().close();
  });

  it('restore a page from a heading anchor entry after the footer Next link, where it was left', async () => {
    const page = await visit(await newContext(desktop), '/pagination');
    await page.locator('main h2[id="list-parameters"] a[href="#list-parameters"]').click();
    await page.waitForURL(`${baseUrl}/pagination#list-parameters`);
    const next = page
      .getByRole('navigation', { name: 'Previous and next pages' })
      .locator('a[rel="next"]');
    // The reader scrolls down to the footer's link: Back returns them there, not to the heading.
    await wheelIntoView(page, next);
    const left = await reading(page);
    await hoverAndClick(page, next);
    await expectPageOf(page, '/errors', 'Errors');
    await answerFeedback(page);

    await page.goBack();
    await page.waitForURL(`${baseUrl}/pagination#list-parameters`);
    const fresh = await freshLoad('/pagination#list-parameters');
    const apartFromPlace = (look: Shown) => ({ ...look, sectionOnScreen: null });
    await expect.poll(async () => apartFromPlace(await shown(page))).toEqual(apartFromPlace(fresh));
    await expectReadingAgain(page, left);
    await page.context().close();
  });

  it('walk back through two section entries of one page to the page itself', async () => {
    const page = await visit(await newContext(desktop), '/webhooks');
    const [first, second] = await page
      .locator('main h2[id]')
      .evaluateAll((hs) => hs.slice(0, 2).map((h) => h.id));
    await followSection(page, '/webhooks', `#${first}`);
    await followSection(page, '/webhooks', `#${second}`);

    await walk(page, [
      ['back', `/webhooks#${first}`, 'Webhooks'],
      ['back', '/webhooks', 'Webhooks'],
    ]);
    await page.context().close();
  });

  it('go back across two pages, each with a section entry, to the first', async () => {
    const page = await visit(await newContext(desktop), '/resources/charges');
    await followSection(page, '/resources/charges', '#declines');
    await sidebar(page).getByRole('link', { name: 'Refunds', exact: true }).click();
    await expectPageOf(page, '/resources/refunds', 'Refunds');
    const section = (await freshLoad('/resources/refunds')).sections[0]!;
    await followSection(page, '/resources/refunds', section);
    await sidebar(page).getByRole('link', { name: 'Transactions', exact: true }).click();
    await expectPageOf(page, '/resources/transactions', 'Transactions');
    await answerFeedback(page);

    await walk(page, [
      ['back', `/resources/refunds${section}`, 'Refunds'],
      ['back', '/resources/refunds', 'Refunds'],
      ['back', '/resources/charges#declines', 'Charges'],
      ['back', '/resources/charges', 'Charges'],
    ]);
    await page.context().close();
  });
});

describe('Back at 375 px', () => {
  it('restores a page from its section entry picked in the mobile menu', async () => {
    const page = await visit(await newContext(phone), '/resources/charges');
    await (await openMobileMenu(page)).locator('a[href="#declines"]').click();
    await page.waitForURL(`${baseUrl}/resources/charges#declines`);
    await expect.poll(() => mobileMenu(page).isVisible()).toBe(false);
    const menu = await openMobileMenu(page);
    await menu.getByRole('link', { name: 'Refunds', exact: true }).click();
    await page.waitForURL(`${baseUrl}/resources/refunds`);
    await expect.poll(() => page.title()).toBe('Refunds | Kestrel Pay');
    await answerFeedback(page);

    await page.goBack();
    await page.waitForURL(`${baseUrl}/resources/charges#declines`);
    const fresh = await freshLoad('/resources/charges#declines', phone);
    expect(fresh.marker?.text).toBe('Charges');
    await expect.poll(() => page.title()).toBe('Charges | Kestrel Pay');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Charges');
    await openMobileMenu(page);
    expect(await shown(page, MOBILE_MENU)).toEqual(fresh);
    await page.context().close();
  });
});
