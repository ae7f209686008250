import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/seo/absolute-url';

/** robots.txt: every crawler may read everything; the sitemap lists the pages. */
export default function robots(): MetadataRoute.Robots {
  return { rules: { userAgent: '*', allow: '/' }, sitemap: absoluteUrl('/sitemap.xml') };
}
