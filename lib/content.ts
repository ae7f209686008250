// Reads the documentation files: routes, frontmatter and bodies. Rendering is in source.ts.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { cache } from 'react';
import { z } from 'zod';
import { expandApiReferences } from './openapi/expand';

const docsDir = path.join(process.cwd(), 'content', 'docs');

const frontmatterSchema = z.object({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
});
export type Frontmatter = z.infer<typeof frontmatterSchema>;

/** The route path of a file under content/docs: `index.mdx` is `/`, `a/b.mdx` is `/a/b`. */
export function routeOfFile(relativeFile: string): string {
  const withoutExtension = relativeFile.replace(/\\/g, '/').replace(/\.mdx$/, '');
  return withoutExtension === 'index' ? '/' : `/${withoutExtension}`;
}

/** The project-relative MDX file of a route: `/` is `content/docs/index.mdx`. */
export function fileOfRoute(route: string): string {
  return path.posix.join('content', 'docs', route === '/' ? 'index.mdx' : `${route.slice(1)}.mdx`);
}

/** Every documentation route that has an MDX file. */
export const listRoutes = cache(async (): Promise<string[]> => {
  const entries = await readdir(docsDir, { recursive: true });
  return entries
    .filter((entry) => entry.endsWith('.mdx'))
    .map(routeOfFile)
    .sort();
});

/** Parses and checks a page's frontmatter, naming the file and the fix when it is wrong. */
export function parseFrontmatter(source: string, file: string) {
  const { data, content } = matter(source);
  const result = frontmatterSchema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(
      `${file}: invalid frontmatter (${problems.join('; ')}). Every page needs a non-empty "title" and "description".`,
    );
  }
  return { frontmatter: result.data, body: content };
}

/**
 * A page's file, frontmatter and MDX body with its `<ApiReference />` sections expanded from the
 * OpenAPI document, or null when the route has no file.
 */
export const readPage = cache(async (route: string) => {
  if (!(await listRoutes()).includes(route)) return null;
  const file = fileOfRoute(route);
  const { frontmatter, body } = parseFrontmatter(await readFile(file, 'utf8'), file);
  return { file, frontmatter, body: expandApiReferences(body, file) };
});

/** A page's title and description without rendering it, or null when the route has no file. */
export async function getFrontmatter(route: string): Promise<Frontmatter | null> {
  return (await readPage(route))?.frontmatter ?? null;
}
