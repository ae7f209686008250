import { readdirSync, readFileSync } from 'node:fs';
import matter from 'gray-matter';

/** The guides under content/guides as the tests expect to see them: slug, title, category. */
export const localGuides = readdirSync('content/guides')
  .filter((file) => file.endsWith('.mdx'))
  .map((file) => {
    const { data } = matter(readFileSync(`content/guides/${file}`, 'utf8'));
    return {
      slug: file.replace(/\.mdx$/, ''),
      title: String(data.title),
      category: String(data.category),
      summary: String(data.summary),
    };
  });

export const byTitle = (a: { title: string }, b: { title: string }) =>
  a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });
