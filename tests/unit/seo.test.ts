import { describe, expect, it } from 'vitest';
import { humanDate } from '@/lib/dates';
import { flatten, navigation, type NavGroup } from '@/lib/navigation';
import { llmsTxt, menuWithGuides } from '@/lib/seo/llms';
import { pageMetadata } from '@/lib/seo/metadata';
import { docsPageInfo, guidePageInfo } from '@/lib/seo/page-info';
import { sitemapEntries } from '@/lib/seo/sitemap';
import { breadcrumbList, serializeJsonLd, techArticle } from '@/lib/seo/structured-data';
import {
  absoluteUrl,
  editUrl,
  markdownPath,
  routeOfStem,
  socialImagePath,
  stemOfRoute,
} from '@/lib/seo/urls';
import { site } from '@/lib/site';

const base = 'https://docs.example.com';
const tree: NavGroup[] = [
  { title: 'Basics', links: [{ title: 'Introduction', href: '/' }] },
  {
    title: 'Guides',
    links: [
      { title: 'Setup Account', href: '/categories/setup-account' },
      { title: 'Accept Payments', href: '/categories/accept-payments' },
    ],
  },
];
const guides = [
  {
    slug: 'pay-by-link',
    title: 'Pay by link',
    summary: 'Send a link.',
    category: 'accept-payments',
  },
  { slug: 'first-key', title: 'First key', summary: 'Make a key.', category: 'setup-account' },
  { slug: 'refund', title: 'Refund', summary: 'Give it back.', category: 'accept-payments' },
];

describe('page addresses', () => {
  it.each([
    ['/', '/index.md', '/og/index.png'],
    ['/errors', '/errors.md', '/og/errors.png'],
    ['/resources/charges', '/resources/charges.md', '/og/resources/charges.png'],
    ['/guides/payment-links', '/guides/payment-links.md', '/og/guides/payment-links.png'],
  ])('%s is %s as Markdown and %s as a social image', (route, markdown, image) => {
    expect(markdownPath(route)).toBe(markdown);
    expect(socialImagePath(route)).toBe(image);
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
  it('lists every menu page and every guide once, absolute, dated when known', () => {
    const entries = sitemapEntries(
      [...tree, tree[0]!],
      guides,
      base,
      new Map([
        ['/', '2026-01-02T03:04:05Z'],
        ['/guides/refund', null],
      ]),
    );
    expect(entries).toEqual([
      { url: `${base}/`, lastModified: '2026-01-02T03:04:05Z' },
      { url: `${base}/categories/setup-account` },
      { url: `${base}/categories/accept-payments` },
      { url: `${base}/guides/pay-by-link` },
      { url: `${base}/guides/first-key` },
      { url: `${base}/guides/refund` },
    ]);
  });

  it('covers the whole menu of the site', () => {
    const urls = sitemapEntries(navigation, [], base).map((entry) => entry.url);
    expect(urls).toEqual(flatten(navigation).map((link) => absoluteUrl(link.href, base)));
  });
});

describe('llms.txt', () => {
  it('places each guide right after its category, in the given order', () => {
    expect(menuWithGuides(tree, guides)).toEqual([
      tree[0],
      {
        title: 'Guides',
        links: [
          { title: 'Setup Account', href: '/categories/setup-account' },
          { title: 'First key', href: '/guides/first-key' },
          { title: 'Accept Payments', href: '/categories/accept-payments' },
          { title: 'Pay by link', href: '/guides/pay-by-link' },
          { title: 'Refund', href: '/guides/refund' },
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

const errorsPage = docsPageInfo('/errors', { title: 'Errors', description: 'What went wrong.' });

describe('page info and metadata', () => {
  it('gives a docs page its menu group and a guide its category', () => {
    expect(errorsPage.section).toEqual({ title: 'The Basics', href: '/' });
    expect(docsPageInfo('/resources/charges', errorsPage).section).toEqual({
      title: 'Core Resources',
      href: '/resources/acquirer-settlement',
    });
    expect(
      guidePageInfo({ slug: 'x', title: 'X', summary: 'S', category: 'accept-payments' }),
    ).toEqual({
      route: '/guides/x',
      title: 'X',
      description: 'S',
      section: { title: 'Accept Payments', href: '/categories/accept-payments' },
    });
  });

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
    expect(metadata.twitter).toMatchObject({ card: 'summary_large_image', images: [image] });
  });
});

describe('JSON-LD', () => {
  const hostile = docsPageInfo('/errors', {
    title: '</script><script>alert(1)</script>',
    description: '<!-- & -->',
  });

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
    const crumbs = breadcrumbList(docsPageInfo('/resources/charges', errorsPage));
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
