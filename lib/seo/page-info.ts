import type { Guide } from '@/lib/guides/model';
import { findLink, groupOf, navigation, type NavLink } from '@/lib/navigation';
import { site } from '@/lib/site';

/** What search engines, social cards and assistants are told about one page. */
export type PageInfo = {
  route: string;
  title: string;
  description: string;
  /** The menu group (docs) or category (guides) the page belongs to, with a page to link to. */
  section: NavLink;
};

/** A documentation page: its section is its menu group, linked to the group's first page. */
export function docsPageInfo(route: string, page: { title: string; description: string }) {
  const group = groupOf(navigation, route);
  const section = group ? { title: group.title, href: group.links[0]!.href } : null;
  return {
    route,
    title: page.title,
    description: page.description,
    section: section ?? { title: site.title, href: '/' },
  } satisfies PageInfo;
}

const guidePrefix = '/guides/';

/** The slug of a guide's route (`/guides/<slug>`), or null for any other route. */
export function guideSlugOf(route: string): string | null {
  return route.startsWith(guidePrefix) ? route.slice(guidePrefix.length) : null;
}

/** A guide: its section is its category page. */
export function guidePageInfo(guide: Pick<Guide, 'slug' | 'title' | 'summary' | 'category'>) {
  const categoryHref = `/categories/${guide.category}`;
  return {
    route: `${guidePrefix}${guide.slug}`,
    title: guide.title,
    description: guide.summary,
    section: findLink(navigation, categoryHref) ?? { title: 'Guides', href: categoryHref },
  } satisfies PageInfo;
}
