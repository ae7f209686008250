'use client';

import { useRouter } from 'next/navigation';
import { useLayoutEffect, useRef } from 'react';
import { isSpecialClick, pageLinkOf } from './article-links';
import { applyPreference, onTabClick, onTabKey } from './code-tabs';
import { onCopyClick } from './copy-code';
import { preferenceSnapshot, subscribeToPreference } from './code-preference';

type ArticleBodyProps = {
  /** The page's body, rendered to HTML on the server from the page's own content. */
  html: string;
};

/**
 * A page's body. Its markup is static HTML rather than a tree of components, so thousands of
 * reference elements cost no hydration; the few interactive parts (code tabs, the remembered
 * language, Copy buttons, links between pages) are handled here for the whole body at once.
 */
export function ArticleBody({ html }: ArticleBodyProps) {
  const body = useRef<HTMLDivElement>(null);
  const router = useRouter();

  useLayoutEffect(() => {
    const root = body.current;
    if (!root) return;
    const apply = () => applyPreference(root, preferenceSnapshot());
    apply();
    return subscribeToPreference(apply);
  }, [html]);

  const prefetch = (event: React.SyntheticEvent) => {
    const href = pageLinkOf(event.target);
    if (href) router.prefetch(href);
  };

  return (
    <div
      ref={body}
      data-slot="article-body"
      onClick={(event) => {
        const target = event.target as Element;
        if (onCopyClick(target) || onTabClick(target)) return;
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
      // raw HTML dropped, every text and attribute escaped and unsafe links disarmed.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
