import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { cache } from 'react';
import { validGuides, type GuideWithBody } from './model';

const guidesDir = path.join(process.cwd(), 'content', 'guides');

/** The project-relative file of a local guide, e.g. `content/guides/payment-links.mdx`. */
export function localGuideFile(slug: string): string {
  return path.posix.join('content', 'guides', `${slug}.mdx`);
}

/** Every guide under content/guides: frontmatter for the fields, the file name for the slug. */
export const readLocalGuides = cache(async (): Promise<GuideWithBody[]> => {
  const files = (await readdir(guidesDir)).filter((file) => file.endsWith('.mdx'));
  const entries = await Promise.all(
    files.map(async (file) => {
      const { data, content } = matter(await readFile(path.join(guidesDir, file), 'utf8'));
      return { ...data, slug: file.replace(/\.mdx$/, ''), body: content };
    }),
  );
  const bodies = new Map(entries.map((entry) => [entry.slug, entry.body]));
  return validGuides(entries, (reason) => console.warn(`content/guides: ${reason}`)).map(
    (guide) => ({ ...guide, body: bodies.get(guide.slug) ?? '', format: 'mdx' as const }),
  );
});
