import type { Element, ElementContent } from 'hast';
import { h } from 'hastscript';

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
  return h(
    'div',
    {
      dataSlot: slot,
      dataCopyScope: '',
      className: ['not-prose'],
      style: `--code-lines: ${shownLines}`,
    },
    children,
  );
}
