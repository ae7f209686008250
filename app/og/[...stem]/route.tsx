import { ImageResponse } from 'next/og';
import { SocialImage } from '@/components/seo/social-image';
import { routeOfSocialImage, socialImageSegments } from '@/lib/routes';
import { SOCIAL_IMAGE_SIZE } from '@/lib/seo/metadata';
import { source } from '@/lib/source';

type Props = { params: Promise<{ stem: string[] }> };

// Rendered once per page at build time, served as static files.
export const dynamic = 'force-static';

export async function generateStaticParams() {
  return (await source.pages()).map((page) => ({ stem: socialImageSegments(page.route) }));
}

/** The 1200×630 social image of a page, e.g. `/og/resources/charges.png`. */
export async function GET(_request: Request, { params }: Props) {
  const route = routeOfSocialImage((await params).stem);
  const page = route ? await source.page(route) : undefined;
  if (!page) return new Response('Not found', { status: 404 });
  return new ImageResponse(<SocialImage title={page.title} section={page.section.title} />, {
    ...SOCIAL_IMAGE_SIZE,
  });
}
