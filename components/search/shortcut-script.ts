import { LISTENING, searchShortcutScript } from '@/lib/inline-scripts/search-shortcut';

/**
 * Runs the script where the page's own copy never ran. React runs no inline script it renders in
 * the browser, and Next.js renders some pages there whole: the 404 of a guide it renders on
 * demand comes as an empty document. A script element added to the page runs, allowed by the
 * same hash.
 */
export function listenForSearchShortcut() {
  if (LISTENING in window) return;
  const script = document.createElement('script');
  script.textContent = searchShortcutScript;
  document.head.append(script);
  script.remove();
}
