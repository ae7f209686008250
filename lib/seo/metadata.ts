import type { Metadata } from 'next';
import { site } from '@/lib/site';
import { pageTitle } from '@/lib/titles';
import { source } from '@/lib/source';
import type { PageInfo } from './page-info';
import { socialImageRoute } from '@/lib/routes';
import { absoluteUrl } from './absolute-url';

/** Size of every social image (the Open Graph recommendation). */
export const SOCIAL_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Title, description, canonical URL, Open Graph and Twitter card of a page. */
export function pageMetadata(page: PageInfo): Metadata {
  const url = absoluteUrl(page.route);
  const image = {
    url: absoluteUrl(socialImageRoute(page.route)),
    ...SOCIAL_IMAGE_SIZE,
    type: 'image/png',
    alt: `${page.title} (${page.section.title}), ${site.name}`,
  };
  return {
    title: pageTitle(page.title),
    description: page.description,
    alternates: { canonical: url },
    openGraph: {
      type: 'article',
      title: page.title,
      description: page.description,
      url,
      siteName: site.name,
      images: [image],
    },
    // Cards read their title, description and image details from the Open Graph tags.
    twitter: { card: 'summary_large_image', images: [image.url] },
  };
}

/** The 404 page's title and description, wherever a route turns out to have no page. */
export const notFoundMetadata: Metadata = {
  title: pageTitle('Page not found'),
  description: 'The page you were looking for does not exist. Find your way back to the docs.',
};

/**
 * The metadata of the page at `route`, or the 404 page's: a route rendered on demand (a guide)
 * that finds no page keeps its own metadata, not the not-found page's.
 */
export async function metadataOfRoute(route: string): Promise<Metadata> {
  const page = await source.page(route);
  return page ? pageMetadata(page) : notFoundMetadata;
}
