// The sidebar's placing script: the menu scrolled to the current page before the first paint, as
// components/layout/active-entry.ts scrolls it after a client navigation.

/** Room, in pixels, kept between the current entry and the edges of the menu's visible box. */
export const ENTRY_MARGIN = 24;

/**
 * The sidebar's scroll as the page loads: placed right after the sidebar, it measures in
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
