// Builders for the syntax tree the reference is written as: text from the OpenAPI document is
// parsed as plain Markdown, so a `{` or `<` in a description is only ever text.
import type { BlockContent, Heading, PhrasingContent, RootContent } from 'mdast';
import { parseMdx } from '@/lib/mdx/parse';

export const text = (value: string): PhrasingContent => ({ type: 'text', value });
export const inlineCode = (value: unknown): PhrasingContent => ({
  type: 'inlineCode',
  value: String(value),
});
export const link = (url: string, children: PhrasingContent[]): PhrasingContent => ({
  type: 'link',
  url,
  children,
});
export const paragraph = (children: PhrasingContent[]): BlockContent => ({
  type: 'paragraph',
  children,
});

/** A heading with the anchor it must keep, however the page's other headings are titled. */
export function heading(depth: 2 | 3, title: string, id?: string): Heading {
  return { type: 'heading', depth, children: [text(title)], ...(id ? { data: { id } } : {}) };
}

/** A fenced code block with its tab or frame title. */
export function code(lang: string, title: string, value: string): RootContent {
  return { type: 'code', lang, meta: `title="${title.replace(/"/g, '')}"`, value };
}

/** A bulleted list of one-paragraph items. */
export function bulletList(items: PhrasingContent[][]): RootContent {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map((children) => ({
      type: 'listItem',
      spread: false,
      children: [paragraph(children)],
    })),
  };
}

const DOCUMENT_FILE = 'openapi/openapi.yaml';

/** A description from the document as blocks of Markdown. */
export function markdownBlocks(source: string | undefined): RootContent[] {
  if (!source?.trim()) return [];
  return parseMdx(source.trim(), { format: 'md', file: DOCUMENT_FILE }).children;
}

/** A one-paragraph description from the document as inline Markdown. */
export function markdownInline(source: string | undefined): PhrasingContent[] {
  return markdownBlocks(source).flatMap((block) =>
    block.type === 'paragraph' ? block.children : [],
  );
}
