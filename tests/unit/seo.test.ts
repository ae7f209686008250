import { describe, expect, it } from 'vitest';
import { humanDate } from '@/lib/dates';
import { editUrl } from '@/lib/page-history';
import { markdownRoute, routeOfStem, socialImageRoute, stemOfRoute } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo/absolute-url';
import { llmsSections, llmsTxt } from '@/lib/seo/llms';
import { pageMetadata } from '@/lib/seo/metadata';
import type { PageInfo } from '@/lib/seo/page-info';
import { sitemapEntries } from '@/lib/seo/sitemap';
import { breadcrumbList, serializeJsonLd, techArticle } from '@/lib/seo/structured-data';
import { site } from '@/lib/site';
import { menuOf, source, type Page } from '@/lib/source';

const base = 'https://docs.example.com';

describe('page addresses', () => {
  it.each([
    ['/', '/index.md', '/og/index.png'],
    ['/errors', '/errors.md', '/og/errors.png'],
    ['/resources/charges', '/resources/charges.md', '/og/resources/charges.png'],
    ['/guides/payment-links', '/guides/payment-links.md', '/og/guides/payment-links.png'],
  ])('%s is %s as Markdown and %s as a social image', (route, markdown, image) => {
    expect(markdownRoute(route)).toBe(markdown);
    expect(socialImageRoute(route)).toBe(image);
    expect(routeOfStem(stemOfRoute(route))).toBe(route);
  });

  it('builds absolute URLs and repository edit links', () => {
    expect(absoluteUrl('/errors', base)).toBe(`${base}/errors`);
    expect(absoluteUrl('/', base)).toBe(`${base}/`);
    expect(editUrl('content/docs/errors.mdx')).toBe(
      `${site.repositoryUrl}/edit/${site.repositoryBranch}/content/docs/errors.mdx`,
    );
  });
});

describe('sitemapEntries', () => {
  it('lists every page once, absolute, dated when known', () => {
    const entries = sitemapEntries(
      [
        { route: '/', updatedAt: '2026-01-02T03:04:05Z' },
        { route: '/guides/refund', updatedAt: null },
      ],
      base,
    );
    expect(entries).toEqual([
      { url: `${base}/`, lastModified: '2026-01-02T03:04:05Z' },
      { url: `${base}/guides/refund` },
    ]);
  });
});

describe('the page source', () => {
  it('lists the menu in order, each guide right after its category page', async () => {
    const pages = await source.pages();
    const routes = pages.map((page) => page.route);
    expect(new Set(routes).size).toBe(routes.length);
    const menuRoutes = menuOf(pages).flatMap((group) => group.links.map((link) => link.href));
    expect(routes.filter((route) => !route.startsWith('/guides/'))).toEqual(menuRoutes);
    for (const [index, page] of pages.entries()) {
      if (page.kind !== 'guide') continue;
      const category = pages.slice(0, index).findLast((candidate) => candidate.kind !== 'guide');
      expect(category?.route, page.route).toBe(page.section.href);
    }
  });

  it('gives a docs page its menu group and a guide its category', async () => {
    const [errors, charges, guide] = await Promise.all(
      ['/errors', '/resources/charges', '/guides/payment-links'].map(source.page),
    );
    expect(errors?.section).toEqual({ title: 'The Basics', href: '/' });
    expect(charges?.section).toEqual({
      title: 'Core Resources',
      href: '/resources/acquirer-settlement',
    });
    expect(guide).toMatchObject({
      kind: 'guide',
      group: 'Guides',
      section: { title: 'Accept Payments', href: '/categories/accept-payments' },
    });
  });
});

const page = (route: string, title: string, group: string): Page => ({
  route,
  title,
  menuTitle: title,
  group,
  kind: 'basics',
  description: `About ${title}.`,
  file: null,
  format: 'mdx',
  section: { title: group, href: '/' },
});

describe('llms.txt', () => {
  it('groups pages by menu group in reading order, linking their Markdown', () => {
    const sections = llmsSections([
      page('/', 'Introduction', 'The Basics'),
      page('/categories/setup-account', 'Setup Account', 'Guides'),
      page('/guides/first-key', 'First key', 'Guides'),
    ]);
    expect(sections).toEqual([
      {
        title: 'The Basics',
        entries: [
          {
            title: 'Introduction',
            url: absoluteUrl('/index.md'),
            description: 'About Introduction.',
          },
        ],
      },
      {
        title: 'Guides',
        entries: [
          {
            title: 'Setup Account',
            url: absoluteUrl('/categories/setup-account.md'),
            description: 'About Setup Account.',
          },
          {
            title: 'First key',
            url: absoluteUrl('/guides/first-key.md'),
            description: 'About First key.',
          },
        ],
      },
    ]);
  });

  it('writes the name, summary and one list per section, skipping empty ones', () => {
    const text = llmsTxt({
      name: 'Kestrel Pay',
      summary: 'Payments docs.',
      sections: [
        {
          title: 'The Basics',
          entries: [
            { title: 'Errors', url: `${base}/errors.md`, description: 'What went\nwrong.' },
            { title: 'A [b]', url: `${base}/a.md`, description: 'Brackets.' },
          ],
        },
        { title: 'Empty', entries: [] },
      ],
    });
    expect(text).toBe(
      [
        '# Kestrel Pay',
        '',
        '> Payments docs.',
        '',
        '## The Basics',
        '',
        `- [Errors](${base}/errors.md): What went wrong.`,
        `- [A \\[b\\]](${base}/a.md): Brackets.`,
        '',
      ].join('\n'),
    );
  });
});

const errorsPage: PageInfo = {
  route: '/errors',
  title: 'Errors',
  description: 'What went wrong.',
  section: { title: 'The Basics', href: '/' },
};
const chargesPage: PageInfo = {
  ...errorsPage,
  route: '/resources/charges',
  section: { title: 'Core Resources', href: '/resources/acquirer-settlement' },
};

describe('metadata', () => {
  it('sets the canonical URL, Open Graph article and large Twitter card', () => {
    const metadata = pageMetadata(errorsPage);
    const url = absoluteUrl('/errors');
    const image = { url: absoluteUrl('/og/errors.png'), width: 1200, height: 630 };
    expect(metadata.title).toBe('Errors | Kestrel Pay');
    expect(metadata.alternates).toEqual({ canonical: url });
    expect(metadata.openGraph).toMatchObject({
      type: 'article',
      title: 'Errors',
      description: 'What went wrong.',
      url,
      siteName: site.name,
      images: [image],
    });
    expect(metadata.twitter).toMatchObject({ card: 'summary_large_image', images: [image.url] });
  });
});

describe('JSON-LD', () => {
  const hostile: PageInfo = {
    ...errorsPage,
    title: '</script><script>alert(1)</script>',
    description: '<!-- & -->',
  };

  it('escapes every character that could close the script, and parses back unchanged', () => {
    const data = techArticle(hostile, null);
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(data);
  });

  it('describes the page as a TechArticle published by the product, dated when known', () => {
    expect(techArticle(errorsPage, null)).not.toHaveProperty('dateModified');
    expect(techArticle(errorsPage, '2026-11-22T10:00:00Z')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'TechArticle',
      headline: 'Errors',
      description: 'What went wrong.',
      url: absoluteUrl('/errors'),
      publisher: { '@type': 'Organization', name: site.name },
      author: { '@type': 'Organization', name: site.name },
      dateModified: '2026-11-22T10:00:00Z',
    });
  });

  it('walks the breadcrumbs from the site through the section to the page', () => {
    const crumbs = breadcrumbList(chargesPage);
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: site.name, item: absoluteUrl('/') },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Core Resources',
        item: absoluteUrl('/resources/acquirer-settlement'),
      },
      { '@type': 'ListItem', position: 3, name: 'Errors', item: absoluteUrl('/resources/charges') },
    ]);
  });
});

describe('humanDate', () => {
  it('reads an ISO date as month, day and year', () => {
    expect(humanDate('2026-11-22T10:00:00+00:00')).toBe('November 22, 2026');
  });
});
