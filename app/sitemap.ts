import type { MetadataRoute } from 'next';
import { lastCommitDate } from '@/lib/git-history';
import { sitemapEntries } from '@/lib/seo/sitemap';
import { site } from '@/lib/site';
import { source } from '@/lib/source';

/** sitemap.xml: every page in reading order, absolute, with its last commit date. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const pages = await Promise.all(
    (await source.pages()).map(async (page) => ({
      route: page.route,
      updatedAt: page.file ? await lastCommitDate(page.file) : null,
    })),
  );
  return sitemapEntries(pages, site.url);
}
