import type { PageInfo } from '@/lib/seo/page-info';
import { breadcrumbList, serializeJsonLd, techArticle } from '@/lib/seo/structured-data';

type StructuredDataProps = { page: PageInfo; dateModified: string | null };

/** The page as a TechArticle and its breadcrumb trail, as JSON-LD for search engines. */
export function StructuredData({ page, dateModified }: StructuredDataProps) {
  return [techArticle(page, dateModified), breadcrumbList(page)].map((data) => (
    <script
      key={String(data['@type'])}
      type="application/ld+json"
      // Safe: serializeJsonLd escapes every character that could end the script element.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  ));
}
