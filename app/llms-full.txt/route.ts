import { markdownOfRoute } from '@/lib/markdown/pages';
import { textFileResponse } from '@/lib/markdown/response';
import { siteRoutes } from '@/lib/seo/site-pages';
import { site } from '@/lib/site';

export const dynamic = 'force-static';

/** The whole documentation as one Markdown file, page after page in menu order. */
export async function GET() {
  const pages = await Promise.all((await siteRoutes()).map(markdownOfRoute));
  const header = `# ${site.name}\n\n> ${site.summary}\n`;
  return textFileResponse([header, ...pages.filter(Boolean)].join('\n---\n\n'));
}
