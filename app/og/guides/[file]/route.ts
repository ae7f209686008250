import { guideRouteOfSocialImageFile, guideSocialImageFile } from '@/lib/routes';
import { source } from '@/lib/source';
import { socialImageResponse } from '../../social-image-response';

type Props = { params: Promise<{ file: string }> };

// Rendered once per guide at build time, and for a guide published in the CMS since then on its
// first request; an unknown guide's 404 is not kept (server/paint-first-cache.mjs).
export const dynamic = 'force-static';

export async function generateStaticParams() {
  return (await source.pages()).flatMap((page) =>
    page.guide ? [{ file: guideSocialImageFile(page.guide.slug) }] : [],
  );
}

/** The social image of a guide: `/og/guides/<slug>.png`. */
export async function GET(_request: Request, { params }: Props) {
  return socialImageResponse(guideRouteOfSocialImageFile((await params).file));
}
