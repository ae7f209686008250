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

/** The number of lines a code frame shows, or undefined if the element is no code frame. */
export function shownLinesOf(element: Element): number | undefined {
  const slot = element.properties.dataSlot;
  if (slot !== 'code-block' && slot !== 'code-group') return undefined;
  return Number(/--code-lines: (\d+)/.exec(String(element.properties.style))?.[1] ?? 0);
}
