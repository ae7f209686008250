import type { MetadataRoute } from 'next';
import { lastCommitDate } from '@/lib/git-history';
import { getGuides } from '@/lib/guides';
import { navigation } from '@/lib/navigation';
import { siteRoutes, sourceFileOf } from '@/lib/seo/site-pages';
import { sitemapEntries } from '@/lib/seo/sitemap';
import { site } from '@/lib/site';

/** sitemap.xml: every documentation page and guide, absolute, with its last commit date. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const routes = await siteRoutes();
  const dates = await Promise.all(
    routes.map(async (route) => {
      const file = sourceFileOf(route);
      return [route, file ? await lastCommitDate(file) : null] as const;
    }),
  );
  return sitemapEntries(navigation, await getGuides(), site.url, new Map(dates));
}
