'use client';

import { useEffect } from 'react';

/**
 * Hands each history entry the browser adds for a section of the page (a click on an `#id` link,
 * a hash typed in the address bar) to the router. The browser makes such an entry without the
 * router's state, and the router ignores Back or Forward onto an entry without it: coming back
 * from another page, the address would change while that page stayed on screen. Next.js gives an
 * entry the state of the page on screen, the one the entry was made on, when history.replaceState
 * is called on it; an entry the router made already has its state and is left as it is.
 */
export function useSectionEntriesInHistory() {
  useEffect(() => {
    const adopt = () => window.history.replaceState(window.history.state, '', window.location.href);
    window.addEventListener('hashchange', adopt);
    return () => window.removeEventListener('hashchange', adopt);
  }, []);
}
