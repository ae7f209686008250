'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { warmPage } from '@/components/article/article-cache';

type IntentLinkProps = Omit<React.ComponentProps<typeof Link>, 'href' | 'prefetch'> & {
  href: string;
};

/**
 * A link of the site's shell: it fetches its page when the reader shows intent (pointer over it,
 * focus, touch) rather than whenever it scrolls into view, so a page load does not download
 * every page the menu shows.
 */
export function IntentLink({
  href,
  onMouseEnter,
  onFocus,
  onTouchStart,
  ...props
}: IntentLinkProps) {
  const router = useRouter();
  const prefetch = () => warmPage(router.prefetch, href);
  return (
    <Link
      href={href}
      prefetch={false}
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
