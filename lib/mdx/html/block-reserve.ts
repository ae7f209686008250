import type { Element, ElementContent, Root } from 'hast';

/**
 * The height the stylesheet reserves for an article block while it is far from the screen and not
 * yet rendered (app/_styles/article.css), for each of the article's three layouts. Reserving too
 * little made a phone's scrollbar five times too short on a reference page, and made skipped
 * content overlap the blocks below it for tools that measure it in place (axe, Lighthouse).
 *
 * The estimate is an upper bound from the text alone: each run of text takes a margin and a 24 px
 * line per so many characters, a table row the lines of its longest cell, a code frame its exact
 * lines plus header and margins. The figures are the smallest that cover every block of every page
 * at 375 px (a common phone; the stylesheet scales the figure for narrower ones), 640 and 1280 px
 * (the narrowest width of the other two layouts); the accessibility sweep
 * (tests/e2e/accessibility.test.ts) checks them at those widths and at 360 and 320 px.
 */
const LAYOUTS = {
  /** Below 40rem: one column, every block stacked. */
  xs: { textChars: 25, columnChars: 25, cellChars: 8, margin: 16, frame: 80 },
  /** 40rem to 80rem: a wider column, still stacked. */
  md: { textChars: 49, columnChars: 49, cellChars: 16, margin: 20, frame: 96 },
  /** 80rem and wider: a row's two columns side by side, each about half the article. */
  xl: { textChars: 60, columnChars: 38, cellChars: 20, margin: 20, frame: 88 },
};
type Layout = (typeof LAYOUTS)[keyof typeof LAYOUTS];

/** One line of text or code, in px. */
const LINE = 24;
/** What an endpoint line's badges and button add to its lines of text. */
const ENDPOINT_EXTRA = 12;
/** A table row's cell padding and border, and a table's margins. */
const TABLE_ROW_PADDING = 19;
const TABLE_MARGINS = 64;

/** The article's blocks the stylesheet defers; code frames reserve their own exact height. */
const DEFERRED_SLOTS = new Set(['row', 'attributes', 'table', 'note']);
const DEFERRED_TAGS = new Set(['ul', 'ol']);

/** Elements that flow within a line of text. */
const INLINE = new Set([
  'a', 'abbr', 'b', 'br', 'button', 'code', 'del', 'em', 'i', 'img', 'input', 'kbd', 'mark',
  's', 'small', 'span', 'strong', 'sub', 'sup', 'svg',
]); // prettier-ignore

const slotOf = (element: Element) => element.properties.dataSlot as string | undefined;
const elementsOf = (node: Element) =>
  node.children.filter((child): child is Element => child.type === 'element');

function textLength(node: ElementContent): number {
  return collectText(node).trim().length;
}

function collectText(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  return node.children.map(collectText).join('');
}

function blockHeight(element: Element, layout: Layout, inColumn: boolean): number {
  const lines = element.data?.shownLines;
  if (lines !== undefined) return lines * LINE + layout.frame;
  if (element.tagName === 'details' && !element.properties.open) {
    const summary = elementsOf(element).find((child) => child.tagName === 'summary');
    return summary ? blockHeight(summary, layout, inColumn) : 0;
  }
  if (element.tagName === 'tr') {
    const cellLines = elementsOf(element).map((cell) =>
      Math.ceil(textLength(cell) / layout.cellChars),
    );
    return TABLE_ROW_PADDING + LINE * Math.max(0, ...cellLines);
  }
  const children = elementsOf(element);
  if (children.every((child) => INLINE.has(child.tagName))) {
    const length = textLength(element);
    const chars = inColumn ? layout.columnChars : layout.textChars;
    // An endpoint's method badge, version badge and button stand taller than a line of text.
    const badges = slotOf(element) === 'endpoint' ? ENDPOINT_EXTRA : 0;
    return length ? layout.margin + badges + LINE * Math.ceil(length / chars) : 0;
  }
  const slot = slotOf(element);
  const inColumns = slot === 'row';
  const heights = children.map((child) => blockHeight(child, layout, inColumn || inColumns));
  const extra = slot === 'table' ? TABLE_MARGINS : 0;
  if (inColumns && layout === LAYOUTS.xl) return extra + Math.max(0, ...heights);
  return extra + heights.reduce((sum, height) => sum + height, 0);
}

/** Sets each deferred block's reserved heights, one custom property per layout. */
export function reserveBlockHeights(tree: Root): void {
  for (const node of tree.children) {
    if (node.type !== 'element') continue;
    const slot = slotOf(node);
    if (!(slot && DEFERRED_SLOTS.has(slot)) && !DEFERRED_TAGS.has(node.tagName)) continue;
    const reserves = Object.entries(LAYOUTS).map(
      ([name, layout]) => `--reserve-${name}: ${blockHeight(node, layout, false)}px`,
    );
    node.properties.style = [node.properties.style, ...reserves].filter(Boolean).join('; ');
  }
}
