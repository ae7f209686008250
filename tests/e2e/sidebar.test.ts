import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser, visit } from './browser';
import { hoverAndClick } from './reader';

const { open, newContext } = setupBrowser();
const sidebar = (page: Page) => page.locator('aside nav[aria-label="Documentation"]');

async function headingIds(page: Page) {
  return page.locator('main h2[id]').evaluateAll((headings) => headings.map((h) => h.id));
}

// SPEC 2.3: the active page is marked, its sections appear under it, the marker follows them.
describe('side menu at 1280 px', () => {
  it('marks the current page and lists its ## sections under it', async () => {
    const page = await open('/webhooks');
    const active = sidebar(page).locator('a[aria-current="page"]');
    expect(await active.textContent()).toBe('Webhooks');
    expect(await active.getAttribute('data-marker')).toBe('');
    const sectionLinks = sidebar(page)
      .getByRole('list', { name: 'On this page' })
      .getByRole('link');
    const ids = await headingIds(page);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(
      await sectionLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(ids.map((id) => `#${id}`));
    expect(await sidebar(page).getByRole('list', { name: 'On this page' }).count()).toBe(1);
    await page.context().close();
  });

  it('scrolls to a section when its link is clicked, updating the hash and the marker', async () => {
    const page = await open('/webhooks');
    const ids = await headingIds(page);
    const target = ids[1]!;
    await sidebar(page).locator(`a[href="#${target}"]`).click();
    await page.waitForURL(`${baseUrl}/webhooks#${target}`);
    await page.waitForFunction((id) => {
      const top = document.getElementById(id)!.getBoundingClientRect().top;
      return top >= 0 && top < 120;
    }, target);
    const marked = sidebar(page).locator('[data-marker]');
    await expect.poll(() => marked.getAttribute('href')).toBe(`#${target}`);
    expect(await marked.getAttribute('aria-current')).toBe('location');
    await page.context().close();
  });

  it('moves the marker to the last section at the bottom and back to the page at the top', async () => {
    const page = await open('/webhooks');
    const ids = await headingIds(page);
    const marked = sidebar(page).locator('[data-marker]');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => marked.getAttribute('href')).toBe(`#${ids.at(-1)}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => marked.getAttribute('href')).toBe('/webhooks');
    await page.context().close();
  });

  it('reaches another page from the menu in place and moves the marker there', async () => {
    const page = await open('/');
    // A value on the window survives only a navigation in place, not a new document.
    await page.evaluate(() => Object.assign(window, { documentKept: true }));
    await hoverAndClick(page, sidebar(page).getByRole('link', { name: 'Refunds', exact: true }));
    await page.waitForURL(`${baseUrl}/resources/refunds`);
    await expect.poll(() => page.title()).toBe('Refunds | Kestrel Pay');
    expect(await page.evaluate(() => 'documentKept' in window)).toBe(true);
    await expect
      .poll(() => sidebar(page).locator('a[aria-current="page"]').textContent())
      .toBe('Refunds');
    await page.context().close();
  });

  it('hides the API, Documentation and Support links and Sign in on large screens', async () => {
    const page = await open('/');
    for (const name of ['API', 'Documentation', 'Support', 'Sign in']) {
      expect(await sidebar(page).getByRole('link', { name, exact: true }).isVisible()).toBe(false);
    }
    expect(await sidebar(page).getByText('Guides & Documentation').count()).toBe(0);
    expect(await page.locator('aside').getByText('Guides & Documentation').isVisible()).toBe(true);
    await page.context().close();
  });
});

/** Where the sidebar shows its current entry, its first section links and its logo on load. */
async function sidebarOnLoad(page: Page) {
  return page.locator('[data-slot="sidebar"]').evaluate((aside) => {
    const shown = aside.getBoundingClientRect();
    const inView = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.top >= shown.top && box.bottom <= shown.bottom;
    };
    const link = aside.querySelector('a[aria-current="page"]')!;
    const sections = [...link.parentElement!.querySelectorAll('[aria-label="On this page"] a')];
    const fitsBelowLogo = link.parentElement!.getBoundingClientRect().bottom + aside.scrollTop;
    return {
      link: link.textContent,
      linkInView: inView(link),
      sections: sections.length,
      firstSectionsInView: sections.slice(0, 3).every(inView),
      logoInView: inView(aside.querySelector(':scope > a')!),
      entryFitsBelowLogo: fitsBelowLogo <= shown.bottom,
      scrollTop: aside.scrollTop,
      /** Where the sidebar stood in the first frame that painted it. */
      scrollTopAtFirstPaint: (window as { sidebarTopAtFirstPaint?: number }).sidebarTopAtFirstPaint,
      pageScrollY: window.scrollY,
    };
  });
}

// SPEC 2.3: the highlighted current page and its section anchors are in view as the page loads,
// placed before the first paint (no jump once scripts run), the logo kept when they fit below it.
describe('side menu on load at 1280 x 900', () => {
  it.each([
    ['/resources/charges', 'Charges', false],
    ['/resources/refunds', 'Refunds', false],
    ['/resources/transactions', 'Transactions', false],
    ['/errors', 'Errors', true],
  ])('shows %s, its first section links, and the logo when they fit', async (path, title, fits) => {
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    // Reads the sidebar's place in the first frame that paints it visible: a resize observer
    // reports after that frame's animation callbacks and layout, just before it is painted;
    // while the sidebar is still held back, it observes anew in the next frame.
    await context.addInitScript(() => {
      const read = () => {
        const aside = document.querySelector('[data-slot="sidebar"]');
        if (!aside) return requestAnimationFrame(read);
        const observer = new ResizeObserver(() => {
          observer.unobserve(aside);
          if (getComputedStyle(aside).visibility !== 'visible') {
            return requestAnimationFrame(() => observer.observe(aside));
          }
          Object.assign(window, { sidebarTopAtFirstPaint: aside.scrollTop });
          observer.disconnect();
        });
        observer.observe(aside);
      };
      requestAnimationFrame(read);
    });
    const page = await visit(context, path);
    const shown = await sidebarOnLoad(page);
    expect(shown).toMatchObject({ link: title, linkInView: true, firstSectionsInView: true });
    expect(shown.sections).toBeGreaterThanOrEqual(3);
    expect(shown.entryFitsBelowLogo).toBe(fits);
    if (fits) expect(shown).toMatchObject({ logoInView: true, scrollTop: 0 });
    expect(shown.scrollTopAtFirstPaint).toBe(shown.scrollTop);
    expect(shown.pageScrollY).toBe(0);
    await context.close();
  });
});

describe('headings', () => {
  it('carry an anchor link to their own id', async () => {
    const page = await open('/authentication');
    const heading = page.locator('main h2[id]').first();
    const id = await heading.getAttribute('id');
    expect(await heading.locator('a').getAttribute('href')).toBe(`#${id}`);
    await page.context().close();
  });
});
