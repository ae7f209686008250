import 'server-only';
import { articleHtml } from '@/lib/article/render';

/** A page's article body as HTML, which the page fetches after a client navigation. */
export async function articleResponse(route: string | null): Promise<Response> {
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
