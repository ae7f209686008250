// Where the menu scrolls to show the current page: the least that brings its link and the
// section links under it into view, the link kept in view too. A menu whose current entry
// already shows stays where it is, so the sidebar keeps its logo and tagline in view.
import { ENTRY_MARGIN } from '@/lib/inline-scripts/sidebar';

/**
 * How far to scroll down from where the menu stands: `linkTop` is the current link's top and
 * `entryBottom` its section links' bottom, both from the visible box's top and bottom edges.
 */
const scrollBy = (linkTop: number, entryBottom: number) =>
  linkTop < 0
    ? linkTop - ENTRY_MARGIN
    : Math.max(0, Math.min(entryBottom + ENTRY_MARGIN, linkTop - ENTRY_MARGIN));

/** The element whose scrolling shows `element`: its nearest ancestor that scrolls. */
function scrollingParent(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (parent.scrollHeight <= parent.clientHeight) continue;
    if (/auto|scroll/.test(getComputedStyle(parent).overflowY)) return parent;
  }
  return null;
}

/**
 * Shows the current page's entry (`link` and the section links after it) in the menu after a
 * client navigation or when the small screens' menu opens. Not scrollIntoView: it would move the
 * page too, and some browsers also move where the Tab key starts from, so a keyboard reader's
 * first Tab would pass the skip link by.
 */
export function revealActiveEntry(link: HTMLElement) {
  const menu = scrollingParent(link);
  if (!menu) return;
  const shown = menu.getBoundingClientRect();
  const linkTop = link.getBoundingClientRect().top - shown.top;
  const entryBottom = link.parentElement!.getBoundingClientRect().bottom - shown.bottom;
  menu.scrollTop += scrollBy(linkTop, entryBottom);
}
