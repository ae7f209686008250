import { site } from '@/lib/site';
import type { PageInfo } from './page-info';
import { absoluteUrl } from './absolute-url';

type JsonLd = Record<string, unknown>;

const organisation = () => ({ '@type': 'Organization', name: site.name, url: absoluteUrl('/') });

/** schema.org TechArticle of a page; `dateModified` only when the page's history is known. */
export function techArticle(page: PageInfo, dateModified: string | null): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'TechArticle',
    headline: page.title,
    description: page.description,
    url: absoluteUrl(page.route),
    articleSection: page.section.title,
    publisher: organisation(),
    author: organisation(),
    ...(dateModified ? { dateModified } : {}),
  };
}

/** schema.org BreadcrumbList of a page: site, then its section, then the page. */
export function breadcrumbList(page: PageInfo): JsonLd {
  const trail = [
    { name: site.name, path: '/' },
    { name: page.section.title, path: page.section.href },
    { name: page.title, path: page.route },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` become \u escapes, so no
 * title or description can close the script or open a comment; JSON parsers read them back as-is.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
}
