import { markdownOfRoute } from '@/lib/markdown/pages';
import { markdownResponse } from '@/lib/markdown/response';
import { routeOfStem, stemOfRoute } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo/absolute-url';
import { source } from '@/lib/source';

type Props = { params: Promise<{ stem: string[] }> };

// Served at `<page>.md` through the rewrite in next.config.ts.
export const dynamic = 'force-static';

export async function generateStaticParams() {
  return (await source.pages()).map((page) => ({ stem: stemOfRoute(page.route).split('/') }));
}

/** A page as Markdown: `/errors.md`, `/resources/charges.md`, `/guides/<slug>.md`, `/index.md`. */
export async function GET(_request: Request, { params }: Props) {
  const route = routeOfStem((await params).stem.join('/'));
  const markdown = await markdownOfRoute(route);
  if (!markdown) return new Response('Not found', { status: 404 });
  return markdownResponse(markdown, absoluteUrl(route));
}
