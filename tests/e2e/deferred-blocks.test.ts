import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';

const { open } = setupBrowser();
const phone = { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 900 } };

/**
 * Marks the blocks the stylesheet lets the browser skip while far from the screen, then renders
 * every block as if none were skipped; `contained` keeps the containment that skipping implies.
 * Returns how many blocks are deferred.
 */
async function renderAll(page: Page, { contained }: { contained: boolean }): Promise<number> {
  return page.evaluate((contained) => {
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.dataset.deferred = '';
    }
    document.getElementById('render-all')?.remove();
    const style = Object.assign(document.createElement('style'), { id: 'render-all' });
    style.textContent = `* { content-visibility: visible !important; }
      ${contained ? '[data-deferred] { contain: layout style paint; }' : ''}`;
    document.head.append(style);
    return document.querySelectorAll('[data-deferred]').length;
  }, contained);
}

/** Each deferred block's height and distance from the top of the page. */
const blockGeometry = (page: Page) =>
  page.locator('[data-deferred]').evaluateAll((elements) =>
    elements.map((element) => {
      const { height, top } = element.getBoundingClientRect();
      return { block: element.dataset.slot ?? element.tagName, height, top: top + scrollY };
    }),
  );

// Issue 13: a long page paints its first screen without laying out what lies far below it.
describe('article blocks far from the screen', () => {
  it('are skipped on a phone until near, code frames holding their exact height', async () => {
    const page = await open('/', phone);
    const frames = page.locator('[data-slot="article-body"] > [data-slot^="code-"]');
    expect(await frames.count()).toBeGreaterThan(5);
    // A skipped block is itself laid out (at its reserved size); what it holds is not.
    const skipped = await frames.evaluateAll(
      (elements) =>
        elements.filter(
          (element) => !element.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }),
        ).length,
    );
    expect(skipped).toBeGreaterThan(5);
    const last = frames.last();
    await last.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        last.evaluate((element) =>
          element.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }),
        ),
      )
      .toBe(true);

    const reserved = await frames.evaluateAll((elements) =>
      elements.map((element) =>
        parseFloat(getComputedStyle(element).containIntrinsicBlockSize.replace('auto', '')),
      ),
    );
    await renderAll(page, { contained: false });
    const rendered = await frames.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().height),
    );
    expect(reserved).toEqual(rendered);
    await page.context().close();
  });

  // Skipping implies containment: margins stop collapsing through a block, overflow is clipped.
  it.each([
    ['/', phone],
    ['/authentication', phone],
    ['/guides/payment-links', desktop],
    ['/resources/charges', phone],
    ['/webhooks', desktop],
    ['/categories/accept-payments', desktop],
  ] as const)('are laid out as they would be without skipping (%s)', async (path, options) => {
    const page = await open(path, options);
    expect(await renderAll(page, { contained: false })).toBeGreaterThan(3);
    const plain = await blockGeometry(page);
    await renderAll(page, { contained: true });
    expect(await blockGeometry(page)).toEqual(plain);
    await page.context().close();
  });

  // A block clips what overflows it even once rendered, so a ring drawn around a link at its
  // edge would be cut.
  it.each([
    ['/resources/charges', phone],
    ['/', desktop],
  ] as const)('draw every focus ring whole, even at a block edge (%s)', async (path, options) => {
    const page = await open(path, options);
    await renderAll(page, { contained: true });
    await page.keyboard.press('Tab');
    const cut = await page.evaluate(() => {
      const found: string[] = [];
      let checked = 0;
      for (const block of document.querySelectorAll<HTMLElement>('[data-deferred]')) {
        for (const target of block.querySelectorAll<HTMLElement>('a[href], button, [tabindex]')) {
          if (!target.checkVisibility()) continue;
          target.focus();
          if (!target.matches(':focus-visible')) continue;
          checked += 1;
          // Read after focusing, which may have scrolled: the block's padding box clips.
          const box = block.getBoundingClientRect();
          const left = box.left + block.clientLeft;
          const top = box.top + block.clientTop;
          const right = left + block.clientWidth;
          const bottom = top + block.clientHeight;
          const style = getComputedStyle(target);
          const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
          for (const rect of target.getClientRects()) {
            if (
              rect.left - ring < left - 0.5 ||
              rect.top - ring < top - 0.5 ||
              rect.right + ring > right + 0.5 ||
              rect.bottom + ring > bottom + 0.5
            ) {
              found.push(
                `${block.dataset.slot ?? block.tagName} > ${target.outerHTML.slice(0, 80)}`,
              );
            }
          }
        }
      }
      return { checked, found: found.slice(0, 5) };
    });
    expect(cut.checked).toBeGreaterThan(20);
    expect(cut.found).toEqual([]);
    await page.context().close();
  });

  it('leave a deep link on its heading once the blocks around it have rendered', async () => {
    const page = await open('/#where-to-go-next', phone);
    const scrollPadding = await page.evaluate(() =>
      parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
    );
    const heading = page.locator('#where-to-go-next');
    await page.waitForTimeout(500);
    await expect
      .poll(async () => Math.round((await heading.boundingBox())!.y))
      .toBe(Math.round(scrollPadding));
    await page.context().close();
  });
});
