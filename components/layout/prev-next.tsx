'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { Icon } from '@/components/ui/icon';
import { prevNext } from '@/lib/navigation';
import { useShell } from './shell-context';

/** Links to the previous and next pages of the menu, shown only for paths the menu holds. */
export function PrevNext() {
  const { menu } = useShell();
  const { previous, next } = prevNext(menu, usePathname());
  if (!previous && !next) return null;
  return (
    <nav aria-label="Previous and next pages" data-slot="prev-next">
      {previous && (
        <Link href={previous.href} rel="prev">
          <span>
            <Icon name="arrow-left" className="size-4" />
            Previous
          </span>
          <span>{previous.title}</span>
        </Link>
      )}
      {next && (
        <Link href={next.href} rel="next">
          <span>
            Next
            <Icon name="arrow-right" className="size-4" />
          </span>
          <span>{next.title}</span>
        </Link>
      )}
    </nav>
  );
}
