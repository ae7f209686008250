import { guideArticleFile, guideRouteOfArticleFile } from '@/lib/routes';
import { source } from '@/lib/source';
import { articleResponse } from '../../article-response';

type Props = { params: Promise<{ file: string }> };

// Rendered once per guide at build time, and for a guide published in the CMS since then on its
// first request; an unknown guide's 404 is not kept (server/paint-first-cache.mjs).
export const dynamic = 'force-static';

export async function generateStaticParams() {
  return (await source.pages()).flatMap((page) =>
    page.guide ? [{ file: guideArticleFile(page.guide.slug) }] : [],
  );
}

/** A guide's article body as HTML: `/articles/guides/<slug>.html`. */
export async function GET(_request: Request, { params }: Props) {
  return articleResponse(guideRouteOfArticleFile((await params).file));
}
