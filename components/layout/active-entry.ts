// Where the menu scrolls to show the current page: the least that brings its link and the
// section links under it into view, the link kept in view too. A menu whose current entry
// already shows stays where it is, so the sidebar keeps its logo and tagline in view.

/** Room, in pixels, kept between the current entry and the edges of the menu's visible box. */
const ENTRY_MARGIN = 24;

/**
 * How far to scroll down from where the menu stands: `linkTop` is the current link's top and
 * `entryBottom` its section links' bottom, both from the visible box's top and bottom edges.
 */
const scrollBy = (linkTop: number, entryBottom: number) =>
  linkTop < 0
    ? linkTop - ENTRY_MARGIN
    : Math.max(0, Math.min(entryBottom + ENTRY_MARGIN, linkTop - ENTRY_MARGIN));

/**
 * The same for the sidebar of a page as it loads: placed right after the sidebar, it measures in
 * the animation frame before the first paint, so the menu appears where it belongs instead of
 * moving once scripts load, and the layout it reads is the one that frame makes anyway (read
 * while the page is still parsing, it would force a layout of its own into a long task).
 * The head's script hides the sidebar until then: when the parser pauses inside a long menu, the
 * browser may paint a frame before this script is reached, and the menu would show at its top
 * and then jump. Plain ES5, written out as the page runs it; a sidebar that is not shown measures
 * zero and stays.
 */
export const sidebarScript =
  '(function(){var s=document.currentScript.previousElementSibling;' +
  'requestAnimationFrame(function(){try{' +
  'var a=s.querySelector(\'a[aria-current="page"]\');if(!a)return;' +
  'var b=s.getBoundingClientRect(),t=a.getBoundingClientRect().top-b.top-' +
  ENTRY_MARGIN +
  ',d=a.parentElement.getBoundingClientRect().bottom-b.bottom+' +
  ENTRY_MARGIN +
  ';if(t>=0&&d>0)s.scrollTop+=Math.min(d,t)}catch(e){}' +
  "finally{document.documentElement.removeAttribute('data-sidebar')}})})()";

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
