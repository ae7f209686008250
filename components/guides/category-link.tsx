import { IntentLink } from '@/components/layout/intent-link';
import { Icon } from '@/components/ui/icon';
import type { NavLink } from '@/lib/navigation';

/**
 * The way back from a guide to its category page, above the guide's title. Like the menu's
 * links it fetches its page on intent, not as soon as the guide is shown.
 */
export function CategoryLink({ category }: { category: NavLink }) {
  return (
    <p data-slot="eyebrow">
      <IntentLink href={category.href}>
        <Icon name="arrow-left" className="size-4" />
        {category.title}
      </IntentLink>
    </p>
  );
}
