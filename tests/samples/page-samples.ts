// Every code block of every page, read from the pages' Markdown exports: the guides, the MDX
// pages and the reference operations expanded in them, each block with what its page says it
// answers (the `Response 201` block after it).
import { markdownOfRoute } from '@/lib/markdown/pages';
import { source } from '@/lib/source';

/** The languages a block runs in; any other block is an output, a file or a config. */
export const RUNNABLE = {
  bash: 'shell',
  js: 'node',
  ts: 'node',
  python: 'python',
  php: 'php',
} as const;
export type Runner = (typeof RUNNABLE)[keyof typeof RUNNABLE];

/** What a page shows a block answers: the `Response 201` (or `Response`) block after its group. */
export type ShownAnswer = { status: number | null; body: unknown };

export type PageBlock = {
  /** `route#n`: the page and the block's place among the page's blocks, from 1. */
  id: string;
  route: string;
  language: string;
  title: string;
  code: string;
  /** The runner a block of its language goes to, or null for an output, a file or a config. */
  runner: Runner | null;
  answer: ShownAnswer | null;
};

const FENCE = /^( *)```(\w*)([^\n]*)\n([\s\S]*?)^\1```$/gm;
const titleOf = (meta: string) => /title="([^"]*)"/.exec(meta)?.[1] ?? '';
const RESPONSE_TITLE = /^Response(?: (\d{3}))?$/;

/** The blocks of one page's Markdown, in order. */
export function blocksOf(route: string, markdown: string): PageBlock[] {
  const fences = [...markdown.matchAll(FENCE)].map((match) => {
    const [, indent, language = '', meta = '', code = ''] = match;
    const dedented = indent ? code.replace(new RegExp(`^${indent}`, 'gm'), '') : code;
    return {
      language,
      title: titleOf(meta),
      code: dedented,
      start: match.index,
      end: match.index + match[0].length,
    };
  });
  return fences.map((fence, index): PageBlock => {
    const runner = (RUNNABLE as Record<string, Runner>)[fence.language] ?? null;
    return {
      id: `${route}#${index + 1}`,
      route,
      language: fence.language,
      title: fence.title,
      code: fence.code,
      runner,
      answer: runner ? answerAfter(fences, index, markdown) : null,
    };
  });
}

/**
 * The answer shown right after the run of code blocks `index` is in (a group of one request in
 * several languages), with nothing but space between them.
 */
function answerAfter(
  fences: { language: string; title: string; code: string; start: number; end: number }[],
  index: number,
  markdown: string,
): ShownAnswer | null {
  let next = index + 1;
  const adjoining = (at: number) =>
    markdown.slice(fences[at - 1]!.end, fences[at]!.start).trim() === '';
  while (next < fences.length && adjoining(next) && fences[next]!.language in RUNNABLE) next += 1;
  const shown = fences[next];
  const title = shown && RESPONSE_TITLE.exec(shown.title);
  if (!shown || !title || !adjoining(next) || shown.language !== 'json') return null;
  return { status: title[1] ? Number(title[1]) : null, body: JSON.parse(shown.code) };
}

/** Every block of every page of the site, in reading order. */
export async function everyPageBlock(): Promise<PageBlock[]> {
  const blocks: PageBlock[] = [];
  for (const page of await source.pages()) {
    const markdown = await markdownOfRoute(page.route);
    if (markdown) blocks.push(...blocksOf(page.route, markdown));
  }
  return blocks;
}
