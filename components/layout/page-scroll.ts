'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { idOfHash } from '@/components/article/article-links';
import {
  followAddress,
  pageChanged,
  restorePlace,
  takeRestoration,
} from '@/components/article/scroll-memory';

/**
 * Opens every new page at its top, or at the section its address names, as a page load does;
 * Back and Forward return the reader to where they were in the page (scroll-memory.ts).
 * Next.js scrolls only when the first changed segment's top is off screen, and the side menu's
 * section links are a changed segment that is always on screen on large screens: left to it, a
 * page fetched ahead on hover opened at the scroll position of the page before.
 */
export function useNewPageStartsAtTop() {
  const pathname = usePathname();
  const shown = useRef(pathname);
  // The path a Back or Forward led to, until the page it shows has committed.
  const traversedTo = useRef<string | null>(null);

  useEffect(() => {
    const onTraverse = () => (traversedTo.current = window.location.pathname);
    // Before the router's own listener, which may render the page within the event.
    window.addEventListener('popstate', onTraverse, { capture: true });
    const unfollow = followAddress();
    return () => {
      window.removeEventListener('popstate', onTraverse, { capture: true });
      unfollow();
    };
  }, []);

  // Before the new page paints, so it never shows at the old position.
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const traversal = traversedTo.current === pathname;
    traversedTo.current = null;
    if (pageChanged(traversal)) {
      // After the browser has restored its own offset; an article still on its way restores
      // the place when it arrives (the article body does).
      requestAnimationFrame(() => {
        const body = document.querySelector('[data-slot="article-body"]');
        if (!body?.childElementCount) return;
        const place = takeRestoration();
        if (place) restorePlace(body, place);
      });
    }
    if (traversal) return;
    const section = window.location.hash && document.getElementById(idOfHash(window.location.hash));
    // An article still on its way shows its section when it arrives (the article body does).
    if (section) section.scrollIntoView({ behavior: 'instant' });
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
}
