// Reads the documentation pages written in the repository (content/docs): their routes,
// frontmatter and parsed bodies, each file read and parsed once per change.
import 'server-only';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import type { Root } from 'mdast';
import { z } from 'zod';
import { parseMdx } from './mdx/parse';
import { routeOfDocsFile } from './routes';

/** Where the documentation pages are written, relative to the project. */
export const DOCS_DIR = path.posix.join('content', 'docs');

const frontmatterSchema = z.object({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  /** The label of the page in the menu, when it differs from its title. */
  menuTitle: z.string().trim().min(1).optional(),
});
export type Frontmatter = z.infer<typeof frontmatterSchema>;

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

/** One page file: its project-relative path, route, frontmatter and parsed (unexpanded) body. */
export type DocsFile = { file: string; route: string; frontmatter: Frontmatter; tree: Root };

const parsed = new Map<string, { modified: number; page: DocsFile }>();

async function readDocsFile(docsDir: string, relative: string): Promise<DocsFile> {
  const file = path.posix.join(docsDir, relative.replace(/\\/g, '/'));
  const { mtimeMs } = await stat(file);
  const known = parsed.get(file);
  if (known?.modified === mtimeMs) return known.page;
  const { frontmatter, body } = parseFrontmatter(await readFile(file, 'utf8'), file);
  const page = {
    file,
    route: routeOfDocsFile(relative),
    frontmatter,
    tree: parseMdx(body, { format: 'mdx', file }),
  };
  parsed.set(file, { modified: mtimeMs, page });
  return page;
}

/** Every page file under `docsDir`, sorted by route. */
export async function readDocsFiles(docsDir: string = DOCS_DIR): Promise<DocsFile[]> {
  const entries = await readdir(docsDir, { recursive: true });
  const files = entries.filter((entry) => entry.endsWith('.mdx')).sort();
  const pages = await Promise.all(files.map((relative) => readDocsFile(docsDir, relative)));
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}
