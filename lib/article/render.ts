import 'server-only';
import { cache } from 'react';
import { renderHtml } from '@/lib/mdx/html/render';
import { source } from '@/lib/source';

/** A page's article body as HTML, once per render, or null when there is no such page. */
export const articleHtml = cache(async (route: string): Promise<string | null> => {
  const [page, content] = await Promise.all([source.page(route), source.content(route)]);
  if (!page || !content) return null;
  return renderHtml(content.tree, { file: page.file ?? route });
});
