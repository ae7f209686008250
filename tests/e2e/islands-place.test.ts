// Islands that hold their place (issue: guides' "Run the flow" changed height after load): the
// placeholder in the article HTML is as tall as the flow it becomes, so a link to a section below
// a flow lands on its heading, and a phone scrolling a guide sees no layout shift.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './browser';

const { newContext } = setupBrowser();

/** The guides with a flow, read from the content rather than listed by hand. */
const guidesWithFlows = readdirSync(path.join('content', 'guides'))
  .filter((file) =>
    readFileSync(path.join('content', 'guides', file), 'utf8').includes('<SandboxFlow'),
  )
  .map((file) => `/guides/${file.replace(/\.mdx$/, '')}`);

/** How far from the screen an island starts loading (components/article/islands.tsx). */
const ISLAND_MARGIN = 400;

/** The ids of the article's headings that come after its flow. */
function headingsBelowFlow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const flow = document.querySelector('[data-island="sandbox-flow"]')!;
    return Array.from(
      document.querySelectorAll<HTMLElement>('[data-slot="article-body"] :is(h2, h3)[id]'),
    )
      .filter((heading) => flow.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING)
      .map((heading) => heading.id);
  });
}

/** Where the heading sits on the screen, or why it is not wholly in view. */
function headingInView(page: Page, id: string): Promise<string> {
  return page.evaluate((id) => {
    const { top, bottom } = document.getElementById(id)!.getBoundingClientRect();
    return top >= 0 && bottom <= innerHeight
      ? 'in view'
      : `at ${Math.round(top)} px of ${innerHeight}`;
  }, id);
}

/** Waits until the page's flow shows what its code rendered. */
async function flowMounted(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-island="sandbox-flow"] [data-slot="flow"]')).some(
      (root) => !root.closest('[data-slot="island-fallback"]'),
    ),
  );
}

/** Waits until every island that started loading shows its own content, not its placeholder. */
async function islandsMounted(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-island][data-mounted]')).every((island) =>
      Array.from(island.querySelectorAll('[data-slot="flow"], [data-slot="workbench"]')).some(
        (root) => !root.closest('[data-slot="island-fallback"]'),
      ),
    ),
  );
}

/** The height of the page's flow island, and of the flow its code rendered, if it has. */
function flowHeight(page: Page): Promise<{ island: number; rendered?: number }> {
  return page.locator('[data-island="sandbox-flow"]').evaluate((island) => {
    const rendered = Array.from(island.querySelectorAll('[data-slot="flow"]')).find(
      (root) => !root.closest('[data-slot="island-fallback"]'),
    );
    return {
      island: island.getBoundingClientRect().height,
      rendered: rendered?.getBoundingClientRect().height,
    };
  });
}

/** Whether the page's flow is close enough to the screen to load. */
function flowNearScreen(page: Page): Promise<boolean> {
  return page.evaluate((margin) => {
    const { top, bottom } = document
      .querySelector('[data-island="sandbox-flow"]')!
      .getBoundingClientRect();
    return bottom > -margin && top < innerHeight + margin;
  }, ISLAND_MARGIN);
}

describe('links to sections below a flow', () => {
  it('land on their heading, after load and after the flow mounts', async () => {
    expect(guidesWithFlows.length).toBeGreaterThan(0);
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const missed: string[] = [];
    for (const guide of guidesWithFlows) {
      await page.goto(guide);
      const ids = await headingsBelowFlow(page);
      expect(ids.length, guide).toBeGreaterThan(0);
      for (const id of ids) {
        await page.goto(`${guide}#${id}`);
        await page.waitForLoadState('load');
        const loaded = await headingInView(page, id);
        if (loaded !== 'in view') missed.push(`${guide}#${id} after load: ${loaded}`);
        if (!(await flowNearScreen(page))) continue;
        await flowMounted(page);
        await islandsMounted(page);
        const mounted = await headingInView(page, id);
        if (mounted !== 'in view') missed.push(`${guide}#${id} once the flow mounted: ${mounted}`);
      }
    }
    expect(missed).toEqual([]);
    await context.close();
  });
});

describe('a flow’s placeholder', () => {
  it('is as tall as the flow it becomes, on a phone, a tablet and a desktop', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const differences: string[] = [];
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const guide of guidesWithFlows) {
        await page.goto(guide);
        const placeholder = (await flowHeight(page)).island;
        await page.locator('[data-island="sandbox-flow"]').scrollIntoViewIfNeeded();
        await flowMounted(page);
        await islandsMounted(page);
        const mounted = await flowHeight(page);
        if (
          Math.abs(mounted.island - placeholder) > 1 ||
          Math.abs(mounted.rendered! - placeholder) > 1
        )
          differences.push(
            `${guide} at ${width} px: ${placeholder} px, then ${mounted.island} px holding a flow of ${mounted.rendered} px`,
          );
      }
    }
    expect(differences).toEqual([]);
    await context.close();
  });
});

describe('scrolling a guide with a flow on a phone', () => {
  it('shifts its layout by less than 0.01', async () => {
    const context = await newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const shifts: string[] = [];
    for (const guide of guidesWithFlows) {
      await page.goto(guide);
      // The page's layout shifts not caused by input, summed, from its load on.
      await page.evaluate(() => {
        const page = window as unknown as { shifted: number };
        page.shifted = 0;
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[])
            if (!entry.hadRecentInput) page.shifted += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // A screen at a time, each island that starts loading rendered before the next.
      for (;;) {
        const moved = await page.evaluate(async () => {
          const before = scrollY;
          scrollBy(0, innerHeight);
          await new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(resolve)),
          );
          return scrollY > before;
        });
        await islandsMounted(page);
        if (!moved) break;
      }
      const shifted = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
      if (!(shifted < 0.01)) shifts.push(`${guide}: ${shifted.toFixed(3)}`);
    }
    expect(shifts).toEqual([]);
    await context.close();
  });
});
