import type { Page } from 'playwright-core';

/**
 * How much more than its reserve a block may take. The reserve is predicted from the text's
 * metrics, and hosts measure the same text a little apart (their fonts, their Chromium build):
 * one host's table reserving 284 px took 285 on another, a long chargebacks block 1,397 for
 * 1,383. Within this the browser's scroll anchoring keeps the reader's place as the block
 * renders; past it the prediction itself is wrong.
 */
export const RESERVE_TOLERANCE = { share: 0.02, minimumPx: 2 };

/**
 * The blocks that reserve a height for while they are skipped (content-visibility) but take more,
 * beyond RESERVE_TOLERANCE, once rendered at the page's current width. Call it with every block
 * rendered, as `prepareForAxe` leaves them.
 */
export function blocksReservingTooLittle(page: Page): Promise<string[]> {
  return page.evaluate(({ share, minimumPx }) => {
    const short: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const reserve = getComputedStyle(element).containIntrinsicBlockSize;
      if (reserve === 'none') continue;
      const reserved = parseFloat(reserve.split(' ').pop()!);
      const { height } = element.getBoundingClientRect();
      const allowed = Math.max(reserved * share, minimumPx);
      if (!(height - reserved <= allowed)) {
        const block = `${element.dataset.slot ?? element.tagName} ${element.id}`.trim();
        short.push(`${innerWidth} px: ${block} reserves ${reserved} px, takes ${height}`);
      }
    }
    return short;
  }, RESERVE_TOLERANCE);
}
