import type { MetadataRoute } from 'next';
import type { Guide } from '@/lib/guides/model';
import { flatten, type NavGroup } from '@/lib/navigation';
import { absoluteUrl } from './urls';

/** The sitemap: every page of the menu, then every guide, with its last change when known. */
export function sitemapEntries(
  tree: NavGroup[],
  guides: Pick<Guide, 'slug'>[],
  baseUrl: string,
  lastModified: ReadonlyMap<string, string | null> = new Map(),
): MetadataRoute.Sitemap {
  const routes = [
    ...flatten(tree).map((link) => link.href),
    ...guides.map((guide) => `/guides/${guide.slug}`),
  ];
  return [...new Set(routes)].map((route) => {
    const date = lastModified.get(route);
    return { url: absoluteUrl(route, baseUrl), ...(date ? { lastModified: date } : {}) };
  });
}
