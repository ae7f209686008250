import { textFileResponse } from '@/lib/markdown/response';
import { llmsTxt } from '@/lib/seo/llms';
import { llmsSections } from '@/lib/seo/site-pages';
import { site } from '@/lib/site';

export const dynamic = 'force-static';

/** Every page with its Markdown URL and description, grouped like the menu (llmstxt.org). */
export async function GET() {
  const sections = await llmsSections();
  return textFileResponse(llmsTxt({ name: site.name, summary: site.summary, sections }));
}
