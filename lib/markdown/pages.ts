import 'server-only';
import { toMarkdown } from '@/lib/mdx/markdown';
import { absoluteUrl } from '@/lib/seo/absolute-url';
import { source } from '@/lib/source';
import { pageMarkdown } from './page-markdown';

/** A page as a Markdown document, or null when there is none at that route. */
export async function markdownOfRoute(route: string): Promise<string | null> {
  const [page, content] = await Promise.all([source.page(route), source.content(route)]);
  if (!page || !content) return null;
  const url = absoluteUrl(route);
  const body = toMarkdown(content.tree, { file: page.file ?? route, pageUrl: url });
  return pageMarkdown({ title: page.title, description: page.description, url, body });
}
