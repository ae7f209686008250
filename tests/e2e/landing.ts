// Where a page a reader moved to should land (navigation-lands-*.test.ts): at its very top, its h1
// just under the header and the menu marking the page itself.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Landing } from './reader';

/** A page at its very top: the h1 just under the header, the menu marking the page itself. */
export function atTop(title: string): Partial<Landing> {
  return { scrollY: 0, h1: title, title: `${title} | Kestrel Pay`, marked: title };
}

/** The h1 sits under the header, in the upper part of the window. */
export function expectH1UnderHeader(landing: Landing, page: Page) {
  expect(landing.h1Top).toBeGreaterThan(56);
  expect(landing.h1Top).toBeLessThan(page.viewportSize()!.height / 2);
}
