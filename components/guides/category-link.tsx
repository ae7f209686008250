import Link from 'next/link';
import { Icon } from '@/components/ui/icon';
import type { NavLink } from '@/lib/navigation';

/** The way back from a guide to its category page, above the guide's title. */
export function CategoryLink({ category }: { category: NavLink }) {
  return (
    <p data-slot="eyebrow">
      <Link href={category.href}>
        <Icon name="arrow-left" className="size-4" />
        {category.title}
      </Link>
    </p>
  );
}
