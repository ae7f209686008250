// The menu (SPEC 2.1): which pages it lists, in which groups and order. Titles come from the
// pages themselves; the page source (lib/source.ts) joins the two.
import { categoryRoute, HOME_ROUTE, resourceRoute } from './routes';
import { site } from './site';

export type PageKind = 'basics' | 'category' | 'sdk' | 'resource' | 'catalogue' | 'guide';

/** A menu group: its pages by route, or every page in a content folder, ordered by title. */
export type MenuGroupDefinition = {
  title: string;
  kind: Exclude<PageKind, 'guide' | 'catalogue'>;
} & ({ routes: string[] } | { folder: string });

/** The guide categories, in menu order; each has a page at `/categories/<category>`. */
export const GUIDE_CATEGORIES = [
  'setup-account',
  'develop-integration',
  'accept-payments',
  'payment-operations',
] as const;

/** The title of the group guides belong to. */
export const GUIDES_GROUP = 'Guides';

export const menuDefinition: MenuGroupDefinition[] = [
  {
    title: 'The Basics',
    kind: 'basics',
    routes: [
      HOME_ROUTE,
      '/sdks',
      '/authentication',
      '/pagination',
      '/errors',
      '/webhooks',
      '/testing',
      '/3d-secure',
      '/idempotency',
      '/rate-limits',
      '/ai-assistants',
      '/changelog',
    ],
  },
  { title: GUIDES_GROUP, kind: 'category', routes: GUIDE_CATEGORIES.map(categoryRoute) },
  { title: 'Javascript SDK', kind: 'sdk', routes: ['/sdk/getting-started', '/sdk/usage'] },
  // A new resource is one file in content/docs/resources: it joins this group by its title.
  { title: 'Core Resources', kind: 'resource', folder: 'resources' },
];

export type NavLink = { title: string; href: string };
export type NavGroup = { title: string; links: NavLink[] };

/** Links shown at the top of the menu on small screens and in the header on large ones. */
export const topLevelLinks: NavLink[] = [
  { title: 'API', href: resourceRoute('charges') },
  { title: 'Documentation', href: HOME_ROUTE },
  { title: 'Support', href: site.supportUrl },
];

/** All links of the menu, in reading order. */
export function flatten(menu: NavGroup[]): NavLink[] {
  return menu.flatMap((group) => group.links);
}

/** The links before and after `path` in reading order; both null when `path` is not in the menu. */
export function prevNext(
  menu: NavGroup[],
  path: string,
): { previous: NavLink | null; next: NavLink | null } {
  const links = flatten(menu);
  const index = links.findIndex((link) => link.href === path);
  if (index === -1) return { previous: null, next: null };
  return { previous: links[index - 1] ?? null, next: links[index + 1] ?? null };
}
