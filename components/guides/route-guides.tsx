import { getGuides } from '@/lib/guides';
import { guideCategoryOfRoute } from '@/lib/guides/model';
import type { Section } from '@/lib/mdx/headings';
import { HOME_ROUTE } from '@/lib/routes';
import { GuideList } from './guide-list';

const section: Section = { id: 'guides', title: 'Guides', tag: 'h2' };

/** The side-menu anchor of the guides a route lists: the Introduction and each category. */
export function guidesSectionOf(route: string): Section | null {
  return route === HOME_ROUTE || guideCategoryOfRoute(route) ? section : null;
}

/** The guide cards a route lists: all of them on the Introduction, its own on a category page. */
export async function RouteGuides({ route }: { route: string }) {
  if (!guidesSectionOf(route)) return null;
  const category = guideCategoryOfRoute(route);
  const guides = (await getGuides()).filter((guide) => !category || guide.category === category);
  return (
    <GuideList
      id={section.id}
      title={section.title}
      guides={guides}
      empty={
        category
          ? 'There are no guides in this category yet. The reference pages in the menu cover every endpoint in the meantime.'
          : 'Guides are not available right now. Every API resource is documented in the menu in the meantime.'
      }
    />
  );
}
