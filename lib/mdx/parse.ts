// Parses a page once into a Markdown syntax tree; the HTML, the Markdown export and the search
// records are all derived from that tree.
import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

/** `mdx` for files of this repository; `md` for Markdown from the CMS (no JSX, no raw HTML). */
export type MdxFormat = 'md' | 'mdx';

const processors = {
  md: unified().use(remarkParse).use(remarkGfm),
  mdx: unified().use(remarkParse).use(remarkGfm).use(remarkMdx),
};

const CODE_NODES = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);

/** A page's syntax tree; JavaScript in a page (imports, `{expressions}`) is an error, never run. */
export function parseMdx(source: string, { format, file }: { format: MdxFormat; file: string }) {
  const tree = processors[format].parse(source) as Root;
  visit(tree, (node: Nodes) => {
    if (!CODE_NODES.has(node.type)) return;
    const line = node.position?.start.line;
    throw new Error(
      `${file}${line ? `:${line}` : ''}: pages cannot run JavaScript (imports, exports or {expressions}). Use a component of the MDX vocabulary, or put code in a fenced block.`,
    );
  });
  return tree;
}
