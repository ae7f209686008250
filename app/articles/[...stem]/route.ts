import { articleHtml } from '@/lib/article/render';
import { routeOfArticle, stemOfRoute } from '@/lib/routes';
import { source } from '@/lib/source';

type Props = { params: Promise<{ stem: string[] }> };

// Rendered once per page at build time (and again as CMS guides change), served as files.
export const dynamic = 'force-static';

export async function generateStaticParams() {
  return (await source.pages()).map((page) => ({
    stem: `${stemOfRoute(page.route)}.html`.split('/'),
  }));
}

/** A page's article body as HTML, which the page fetches after a client navigation. */
export async function GET(_request: Request, { params }: Props) {
  const route = routeOfArticle((await params).stem);
  const html = route ? await articleHtml(route) : null;
  if (html === null) return new Response('Not found', { status: 404 });
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      // A fragment of a page, not a page: search engines index the page itself.
      'X-Robots-Tag': 'noindex',
    },
  });
}
