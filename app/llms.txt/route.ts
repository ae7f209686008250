import { textFileResponse } from '@/lib/markdown/response';
import { llmsSections, llmsTxt } from '@/lib/seo/llms';
import { site } from '@/lib/site';
import { source } from '@/lib/source';

export const dynamic = 'force-static';

/** Every page with its Markdown URL and description, grouped like the menu (llmstxt.org). */
export async function GET() {
  const sections = llmsSections(await source.pages());
  return textFileResponse(llmsTxt({ name: site.name, summary: site.summary, sections }));
}
