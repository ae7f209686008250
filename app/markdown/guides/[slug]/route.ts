import { guideRoute } from '@/lib/routes';
import { source } from '@/lib/source';
import { markdownPageResponse } from '../../markdown-page-response';

type Props = { params: Promise<{ slug: string }> };

// Served at `/guides/<slug>.md` through the rewrite in next.config.ts. Rendered once per guide at
// build time, and for a guide published in the CMS since then on its first request; an unknown
// guide's 404 is not kept (server/paint-first-cache.mjs).
export const dynamic = 'force-static';

export async function generateStaticParams() {
  return (await source.pages()).flatMap((page) => (page.guide ? [{ slug: page.guide.slug }] : []));
}

/** A guide as Markdown: `/guides/<slug>.md`. */
export async function GET(_request: Request, { params }: Props) {
  return markdownPageResponse(guideRoute((await params).slug));
}
