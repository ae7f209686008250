import type { MetadataRoute } from 'next';
import { absoluteUrl } from './absolute-url';

/** The sitemap: every page in reading order, absolute, with its last change when known. */
export function sitemapEntries(
  pages: { route: string; updatedAt: string | null }[],
  baseUrl: string,
): MetadataRoute.Sitemap {
  return pages.map(({ route, updatedAt }) => ({
    url: absoluteUrl(route, baseUrl),
    ...(updatedAt ? { lastModified: updatedAt } : {}),
  }));
}
