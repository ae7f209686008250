// Builds the search records of every page, section, endpoint and guide into .search/records.json,
// read by the embedded search service and by `npm run search:upload`.
// Run: node --conditions=react-server --import tsx scripts/build-search-records.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { listRoutes, readPage } from '@/lib/content';
import { getGuide, getGuides } from '@/lib/guides';
import { flatten, groupOf, navigation } from '@/lib/navigation';
import { recordsOf, type SearchRecord } from '@/lib/search/records';
import { RECORDS_FILE } from '@/lib/search/records-file';
import { site } from '@/lib/site';
import { pageTitle } from '@/lib/titles';

const order = new Map(flatten(navigation).map((link, index) => [link.href, index]));

async function docsRecords(): Promise<SearchRecord[]> {
  const routes = (await listRoutes()).sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999));
  const pages = await Promise.all(routes.map((route) => readPage(route)));
  return pages.flatMap((page, index) => {
    if (!page) return [];
    const route = routes[index]!;
    const title = page.frontmatter.title;
    return recordsOf(
      {
        route,
        title,
        fullTitle: pageTitle(title),
        description: page.frontmatter.description,
        group: groupOf(navigation, route)?.title ?? site.title,
        body: page.body,
        type: 'page',
        format: 'mdx',
      },
      site.url,
    );
  });
}

async function guideRecords(): Promise<SearchRecord[]> {
  const guides = await Promise.all((await getGuides()).map((guide) => getGuide(guide.slug)));
  return guides.flatMap((guide) =>
    guide
      ? recordsOf(
          {
            route: `/guides/${guide.slug}`,
            title: guide.title,
            fullTitle: pageTitle(guide.title),
            description: guide.summary,
            group: 'Guides',
            body: guide.body,
            type: 'guide',
            format: guide.format,
          },
          site.url,
        )
      : [],
  );
}

const records = [...(await docsRecords()), ...(await guideRecords())];
await mkdir('.search', { recursive: true });
await writeFile(RECORDS_FILE, JSON.stringify(records));
console.log(`Search records: ${records.length} written to ${RECORDS_FILE}`);
