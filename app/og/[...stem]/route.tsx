import { ImageResponse } from 'next/og';
import { SocialImage } from '@/components/seo/social-image';
import { SOCIAL_IMAGE_SIZE } from '@/lib/seo/metadata';
import { pageInfoOf, siteRoutes } from '@/lib/seo/site-pages';
import { routeOfStem, socialImagePath } from '@/lib/seo/urls';

type Props = { params: Promise<{ stem: string[] }> };

// Rendered once per page at build time, served as static files.
export const dynamic = 'force-static';

const prefix = '/og/';

export async function generateStaticParams() {
  return (await siteRoutes()).map((route) => ({
    stem: socialImagePath(route).slice(prefix.length).split('/'),
  }));
}

/** The 1200×630 social image of a page, e.g. `/og/resources/charges.png`. */
export async function GET(_request: Request, { params }: Props) {
  const file = (await params).stem.join('/');
  const page = file.endsWith('.png') ? await pageInfoOf(routeOfStem(file.slice(0, -4))) : null;
  if (!page) return new Response('Not found', { status: 404 });
  return new ImageResponse(<SocialImage title={page.title} section={page.section.title} />, {
    ...SOCIAL_IMAGE_SIZE,
  });
}
