import 'server-only';
import { markdownOfRoute } from '@/lib/markdown/pages';
import { markdownResponse } from '@/lib/markdown/response';
import { absoluteUrl } from '@/lib/seo/absolute-url';

/** A page as Markdown, or a 404 when there is no page at that route. */
export async function markdownPageResponse(route: string): Promise<Response> {
  const markdown = await markdownOfRoute(route);
  if (!markdown) return new Response('Not found', { status: 404 });
  return markdownResponse(markdown, absoluteUrl(route));
}
