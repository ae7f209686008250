// llms.txt (https://llmstxt.org): the site's pages for language models, grouped like the menu.
import type { Page } from '@/lib/source';
import { markdownRoute } from '@/lib/routes';
import { absoluteUrl } from './absolute-url';

export type LlmsEntry = { title: string; url: string; description: string };
export type LlmsSection = { title: string; entries: LlmsEntry[] };

/** The llms.txt sections: the pages of each menu group, each linked by its Markdown version. */
export function llmsSections(pages: Page[]): LlmsSection[] {
  const sections: LlmsSection[] = [];
  for (const page of pages) {
    let section = sections.at(-1);
    if (section?.title !== page.group) {
      section = { title: page.group, entries: [] };
      sections.push(section);
    }
    section.entries.push({
      title: page.menuTitle,
      url: absoluteUrl(markdownRoute(page.route)),
      description: page.description,
    });
  }
  return sections;
}

/** Line breaks would end a list item early; brackets would end a link text. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string) => oneLine(text).replace(/[[\]]/g, '\\$&');

/** The llms.txt document: `# name`, `> summary`, then `## Section` lists of `- [Title](url): description`. */
export function llmsTxt({
  name,
  summary,
  sections,
}: {
  name: string;
  summary: string;
  sections: LlmsSection[];
}): string {
  const blocks = sections
    .filter((section) => section.entries.length)
    .map((section) =>
      [
        `## ${oneLine(section.title)}`,
        '',
        ...section.entries.map(
          (entry) => `- [${linkText(entry.title)}](${entry.url}): ${oneLine(entry.description)}`,
        ),
      ].join('\n'),
    );
  return [`# ${oneLine(name)}`, `> ${oneLine(summary)}`, ...blocks].join('\n\n') + '\n';
}
