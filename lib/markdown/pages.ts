import 'server-only';
import { readPage } from '@/lib/content';
import { getGuide } from '@/lib/guides';
import { guideSlugOf } from '@/lib/seo/page-info';
import { absoluteUrl } from '@/lib/seo/urls';
import { mdxToMarkdown } from './mdx-to-markdown';
import { pageMarkdown } from './page-markdown';

/** A documentation page or guide as a Markdown document, or null when there is none. */
export async function markdownOfRoute(route: string): Promise<string | null> {
  const url = absoluteUrl(route);
  const slug = guideSlugOf(route);
  if (slug) {
    const guide = await getGuide(slug);
    if (!guide) return null;
    const body = mdxToMarkdown(guide.body, { format: guide.format, pageUrl: url });
    return pageMarkdown({ title: guide.title, description: guide.summary, url, body });
  }
  const page = await readPage(route);
  if (!page) return null;
  const body = mdxToMarkdown(page.body, { format: 'mdx', pageUrl: url });
  return pageMarkdown({ ...page.frontmatter, url, body });
}
