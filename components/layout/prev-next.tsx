'use client';

import { usePathname } from 'next/navigation';
import { Icon } from '@/components/ui/icon';
import { prevNext } from '@/lib/navigation';
import { IntentLink } from './intent-link';
import { useShell } from './shell-context';

/** Links to the previous and next pages of the menu, shown only for paths the menu holds. */
export function PrevNext() {
  const { menu } = useShell();
  const { previous, next } = prevNext(menu, usePathname());
  if (!previous && !next) return null;
  return (
    <nav aria-label="Previous and next pages" data-slot="prev-next">
      {previous && (
        <IntentLink href={previous.href} rel="prev">
          <span>
            <Icon name="arrow-left" className="size-4" />
            Previous
          </span>
          <span>{previous.title}</span>
        </IntentLink>
      )}
      {next && (
        <IntentLink href={next.href} rel="next">
          <span>
            Next
            <Icon name="arrow-right" className="size-4" />
          </span>
          <span>{next.title}</span>
        </IntentLink>
      )}
    </nav>
  );
}
