import { markdownOfRoute } from '@/lib/markdown/pages';
import { textFileResponse } from '@/lib/markdown/response';
import { site } from '@/lib/site';
import { source } from '@/lib/source';

export const dynamic = 'force-static';

/** The whole documentation as one Markdown file, page after page in reading order. */
export async function GET() {
  const routes = (await source.pages()).map((page) => page.route);
  const pages = await Promise.all(routes.map(markdownOfRoute));
  const header = `# ${site.name}\n\n> ${site.summary}\n`;
  return textFileResponse([header, ...pages.filter(Boolean)].join('\n---\n\n'));
}
