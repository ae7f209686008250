// llms.txt (https://llmstxt.org): the site's pages for language models, grouped like the menu.
import type { Guide } from '@/lib/guides/model';
import type { NavGroup } from '@/lib/navigation';
import { guidePageInfo } from './page-info';

/** The menu with every guide listed right after its category's page, in the given order. */
export function menuWithGuides(
  tree: NavGroup[],
  guides: Pick<Guide, 'slug' | 'title' | 'summary' | 'category'>[],
): NavGroup[] {
  const pages = guides.map(guidePageInfo);
  return tree.map((group) => ({
    title: group.title,
    links: group.links.flatMap((link) => [
      link,
      ...pages
        .filter((page) => page.section.href === link.href)
        .map((page) => ({ title: page.title, href: page.route })),
    ]),
  }));
}

export type LlmsEntry = { title: string; url: string; description: string };
export type LlmsSection = { title: string; entries: LlmsEntry[] };

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
