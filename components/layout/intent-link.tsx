'use client';

import { useRouter } from 'next/navigation';
import { warmPage } from '@/components/article/article-cache';
import { isSpecialClick } from '@/components/article/article-links';

type IntentLinkProps = React.ComponentProps<'a'> & { href: string };

/**
 * A link of the site's shell. It opens its page in place, and fetches it when the reader shows
 * intent (pointer over it, focus, touch) rather than whenever it scrolls into view, so a page
 * load does not download every page the menu shows. A plain anchor rather than next/link: the
 * shell holds a hundred links, and next/link's hooks and observers for each made hydrating the
 * page take two and a half times as long to commit.
 */
export function IntentLink({
  href,
  onClick,
  onMouseEnter,
  onFocus,
  onTouchStart,
  ...props
}: IntentLinkProps) {
  const router = useRouter();
  const prefetch = () => warmPage(router.prefetch, href);
  return (
    <a
      href={href}
      onClick={(event) => {
        onClick?.(event);
        // A new tab or window, or a link that opens elsewhere, is the browser's to follow.
        if (isSpecialClick(event) || (props.target && props.target !== '_self')) return;
        event.preventDefault();
        router.push(href);
      }}
      onMouseEnter={(event) => {
        prefetch();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        prefetch();
        onTouchStart?.(event);
      }}
      {...props}
    />
  );
}
