import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';

declare module 'hast' {
  interface ElementData {
    /** A code frame's line count, kept on the tree (not in the HTML) for block-reserve.ts. */
    shownLines?: number;
  }
}

/**
 * The frame of a lone code block or a code group. It carries the number of lines it shows, so
 * the stylesheet can reserve its exact height while the frame is far from the screen and not yet
 * rendered (app/_styles/article.css): code never wraps, so the height is known without layout.
 */
export function codeFrame(
  slot: 'code-block' | 'code-group',
  shownLines: number,
  children: ElementContent[],
): Element {
  const frame = h(
    'div',
    {
      dataSlot: slot,
      dataCopyScope: '',
      className: ['not-prose'],
      style: `--code-lines: ${shownLines}`,
    },
    children,
  );
  frame.data = { shownLines };
  return frame;
}
