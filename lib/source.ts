import 'server-only';
import { cache } from 'react';
import { readPage } from './content';
import { renderMdx } from './mdx/render';

export { getFrontmatter, listRoutes } from './content';

/** Loads and renders one documentation page, or null when the route has no file. */
export const getPage = cache(async (route: string) => {
  const source = await readPage(route);
  if (!source) return null;
  const { file, frontmatter, body } = source;
  const { content, sections } = await renderMdx(body, file);
  return { route, file, ...frontmatter, content, sections };
});
export type Page = NonNullable<Awaited<ReturnType<typeof getPage>>>;
