'use client';

import { useRouter } from 'next/navigation';
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { takeOver } from '@kestrelpay/article-handoff';
import { arrivedArticle, loadArticle, warmPage } from './article-cache';
import { idOfHash, isSpecialClick, pageLinkOf } from './article-links';
import { applyPreference, followServer, onTabClick, onTabKey } from './code-tabs';
import { onCopyClick } from './copy-code';
import { preferenceSnapshot, subscribeToPreference } from './code-preference';
import { SHARE_PARAM } from '@/lib/routes';
import { hasIsland, Island, propsOf, useIslands, warmIsland } from './islands';
import { placeIn, rememberPlace, restorePlace, takeRestoration } from './scroll-memory';

/** The shared console request in the page's address, if any. */
const sharedRequest = () => new URLSearchParams(window.location.search).get(SHARE_PARAM);
const noSubscription = () => () => {};

type ArticleBodyProps = {
  /** The key the page handed its article HTML over under (@kestrelpay/article-handoff). */
  article: string;
  /** Where the same HTML is served, for a body mounted by a client navigation. */
  src: string;
};

/**
 * A page's body. Its markup is static HTML rather than a tree of components, so thousands of
 * reference elements cost no hydration, and it is not repeated in the page's flight data: the
 * server renders it from the handed-over HTML, a hydrating browser keeps that markup, and a
 * client navigation fetches it from `src`. The few interactive parts (code tabs, the
 * remembered language, Copy buttons, links between pages, islands) are handled here for the
 * whole body at once.
 */
export function ArticleBody({ article, src }: ArticleBodyProps) {
  const body = useRef<HTMLDivElement>(null);
  // The HTML as fetched after a client navigation (at once when it has arrived before); empty
  // while the server's markup stands, which a hydrating page has and has not fetched.
  const [fetched, setFetched] = useState(() => arrivedArticle(src) ?? '');
  const [failed, setFailed] = useState(false);
  const [launched, setLaunched] = useState<{ name: string; props: Record<string, string> }>();
  const html = takeOver(article) ?? fetched;
  const islands = useIslands(body, fetched || article);
  const router = useRouter();

  // A shared console link (`?try=…`) reopens its request once the page is here.
  const shared = useSyncExternalStore(noSubscription, sharedRequest, () => null);
  const [sharedClosed, setSharedClosed] = useState(false);
  const open =
    launched ??
    (shared && !sharedClosed ? { name: 'try-it', props: { share: shared } } : undefined);

  // Mounted without markup (a client navigation, not a hydration): load the article. A page
  // that came with its markup has its article fetched as the reader leaves it, so Back renders
  // it whole at once and the browser restores the reader's place in it.
  useLayoutEffect(() => {
    if (!body.current) return;
    if (body.current.childNodes.length > 0) return () => void loadArticle(src).catch(() => {});
    let current = true;
    loadArticle(src).then(
      (loaded) => current && setFetched(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [src]);

  // An article that arrives after its page shows where Back or Forward left the reader, or the
  // section the address names (a link to a section of another page), as a page load does.
  useLayoutEffect(() => {
    if (!fetched || !body.current) return;
    const place = takeRestoration();
    const id = idOfHash(window.location.hash);
    if (place) restorePlace(body.current, place);
    else if (id) document.getElementById(id)?.scrollIntoView();
  }, [fetched]);

  // Where the reader was in the article, kept as its page goes (still on screen then).
  useLayoutEffect(() => {
    const root = body.current;
    return () => {
      if (root?.isConnected) rememberPlace(placeIn(root));
    };
  }, []);

  useLayoutEffect(() => {
    const root = body.current;
    if (!root) return;
    const apply = () => applyPreference(root, preferenceSnapshot());
    apply();
    const unfollowServer = followServer(root);
    const unsubscribe = subscribeToPreference(apply);
    return () => {
      unfollowServer();
      unsubscribe();
    };
  }, [fetched]);

  // Intent: the next page's data, or a launcher's code, starts loading before the click.
  const prefetch = (event: React.SyntheticEvent) => {
    const href = pageLinkOf(event.target);
    if (href) warmPage(router.prefetch, href);
    const launcher = (event.target as Element).closest<HTMLElement>('[data-launch]');
    if (launcher) warmIsland(launcher.dataset.launch!);
  };

  /** Opens a launcher's piece (Try it, Run in sandbox) over the page; false when there is none. */
  function launch(target: Element) {
    const launcher = target.closest<HTMLElement>('[data-launch]');
    if (!launcher || !hasIsland(launcher.dataset.launch)) return false;
    setLaunched({ name: launcher.dataset.launch, props: propsOf(launcher) });
    return true;
  }

  return (
    <>
      <div
        ref={body}
        data-slot="article-body"
        onClick={(event) => {
          const target = event.target as Element;
          if (onCopyClick(target) || onTabClick(target) || launch(target)) return;
          const href = pageLinkOf(target);
          if (!href || isSpecialClick(event)) return;
          event.preventDefault();
          router.push(href);
        }}
        onKeyDown={(event) => onTabKey(event)}
        onMouseOver={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
        // Safe: the HTML is rendered by the site from its own MDX files or from CMS Markdown with
        // raw HTML dropped, every text and attribute escaped and unsafe links disarmed. While
        // hydrating, React leaves the server's markup in place whatever this says.
        dangerouslySetInnerHTML={{ __html: html }}
        suppressHydrationWarning
      />
      {failed && (
        <p role="alert" data-slot="article-failed">
          This page could not be loaded.{' '}
          <button type="button" onClick={() => window.location.reload()}>
            Reload it
          </button>
        </p>
      )}
      {islands}
      {open &&
        createPortal(
          <Island
            {...open}
            onClose={() => {
              setLaunched(undefined);
              setSharedClosed(true);
            }}
          />,
          document.body,
        )}
    </>
  );
}
