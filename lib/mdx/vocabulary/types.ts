import type { Element, ElementContent } from 'hast';
import type { Code, RootContent } from 'mdast';
import type { z } from 'zod';
import type { JsxElement } from '../jsx';

/** A code block rendered for the page: the highlighted `<pre>`, its tab title, language, lines. */
export type RenderedCode = { pre: Element; title: string; language?: string; lines: number };

/** What an HTML rendering may ask of the page being rendered. */
export type HtmlContext = {
  /** The element's children, rendered. */
  children: () => ElementContent[];
  /** The element itself, for components that read their children's source (code groups). */
  node: JsxElement;
  /** A highlighted code block, without the frame a lone block gets. */
  renderCode: (code: Code) => RenderedCode;
  /** An id unique on the page, e.g. for tabs and their panels. */
  uniqueId: (prefix: string) => string;
};

/**
 * One component of the MDX vocabulary: how it renders as HTML on the page, as Markdown in the
 * `.md` export and `llms-full.txt`, and as text in the search records.
 */
export type ComponentDefinition<Props> = {
  props: z.ZodType<Props>;
  html: (props: Props, context: HtmlContext) => ElementContent[];
  /** Its Markdown, given its children already converted; `inline` inside a paragraph. */
  markdown: (props: Props, children: RootContent[], inline: boolean) => RootContent[];
  /** Its searchable text, given its children's text. */
  text: (props: Props, children: string) => string;
};

/** Declares a component with its props type inferred from the schema. */
export function defineComponent<Props>(definition: ComponentDefinition<Props>) {
  return definition;
}
