// Adding a resource page is one MDX file plus its OpenAPI tag: the page then appears in the
// menu, the sitemap, the search records and llms.txt without any other change. Deriving all of
// them from every page of the site, twice, takes seconds, so this runs in the integration gate;
// tests/unit/add-a-page.test.ts checks a page the menu cannot place.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteRecords } from '@/lib/search/site-records';
import { absoluteUrl } from '@/lib/seo/absolute-url';
import { llmsSections } from '@/lib/seo/llms';
import { sitemapEntries } from '@/lib/seo/sitemap';
import { createPageSource, menuOf } from '@/lib/source';
import { copyOfDocs } from '../support/docs-copy';

const base = 'https://docs.example.com';
const docsDir = copyOfDocs(path.join('resources', 'refunds.mdx'));

/** Everything the site derives from its pages, for one content folder. */
async function outputs() {
  const source = createPageSource({ docsDir: docsDir() });
  const pages = await source.pages();
  const records = await siteRecords(source, base);
  return {
    menu: menuOf(pages).flatMap((group) =>
      group.links.map((link) => `${group.title}: ${link.title}`),
    ),
    sitemap: sitemapEntries(
      pages.map((page) => ({ route: page.route, updatedAt: null })),
      base,
    ),
    records,
    llms: llmsSections(pages).flatMap((section) => section.entries.map((entry) => entry.url)),
  };
}

describe('adding a resource page', () => {
  it('takes one MDX file naming its OpenAPI tag', async () => {
    const before = await outputs();
    expect(before.menu).not.toContain('Core Resources: Refunds');

    await writeFile(
      path.join(docsDir(), 'resources', 'refunds.mdx'),
      [
        '---',
        'title: Refunds',
        'description: Return money to a traveller, in full or in part.',
        '---',
        '',
        'A refund returns money from a charge to the card or account it came from.',
        '',
        '<ApiReference tag="refunds" />',
        '',
      ].join('\n'),
    );
    const after = await outputs();

    // In the menu, in title order among the other resources.
    const resources = after.menu.filter((entry) => entry.startsWith('Core Resources: '));
    expect(resources).toContain('Core Resources: Refunds');
    expect(resources).toEqual([...resources].sort((a, b) => a.localeCompare(b)));
    expect(after.sitemap).toContainEqual({ url: `${base}/resources/refunds` });
    expect(after.llms).toContain(absoluteUrl('/resources/refunds.md'));
    // Its page record, its endpoints, its object's fields and its parameters as records.
    const records = after.records.filter((record) => record.path.startsWith('/resources/refunds'));
    expect(records[0]).toMatchObject({ type: 'page', title: 'Refunds | Kestrel Pay' });
    expect(records.some((record) => record.type === 'endpoint' && record.method === 'POST')).toBe(
      true,
    );
    expect(records.map((record) => record.name)).toEqual(
      expect.arrayContaining(['Refund.status', 'amount']),
    );
    expect(after.records.length).toBeGreaterThan(before.records.length);
  });
});
