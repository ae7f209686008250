import 'server-only';
import { ImageResponse } from 'next/og';
import { SocialImage } from '@/components/seo/social-image';
import { SOCIAL_IMAGE_SIZE } from '@/lib/seo/metadata';
import { source } from '@/lib/source';

/** The 1200×630 social image of a page, or a 404 when there is no page at that route. */
export async function socialImageResponse(route: string | null): Promise<Response> {
  const page = route ? await source.page(route) : undefined;
  if (!page) return new Response('Not found', { status: 404 });
  return new ImageResponse(<SocialImage title={page.title} section={page.section.title} />, {
    ...SOCIAL_IMAGE_SIZE,
  });
}
