import type { Page } from 'playwright-core';

/**
 * The blocks that reserve a height for while they are skipped (content-visibility) but take more
 * once rendered, at the page's current width. Call it with every block rendered, as
 * `prepareForAxe` leaves them.
 */
export function blocksReservingTooLittle(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const short: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const reserve = getComputedStyle(element).containIntrinsicBlockSize;
      if (reserve === 'none') continue;
      const reserved = parseFloat(reserve.split(' ').pop()!);
      const { height } = element.getBoundingClientRect();
      if (!(reserved >= height - 0.5)) {
        const block = `${element.dataset.slot ?? element.tagName} ${element.id}`.trim();
        short.push(`${innerWidth} px: ${block} reserves ${reserved} px, takes ${height}`);
      }
    }
    return short;
  });
}
