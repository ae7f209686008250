// Turns a page's MDX (with its generated API reference) into clean Markdown for people and
// assistants who read text: no JSX left, site links made absolute.
import type { Root, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified } from 'unified';
import { isSafeHref } from '@/lib/safe-href';
import { componentToMarkdown, methodOf, type JsxElement } from './components';

type Node = RootContent;

const stringifyOptions: StringifyOptions = {
  bullet: '-',
  emphasis: '_',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
};

const isJsx = (node: Node | undefined): node is JsxElement =>
  node?.type === 'mdxJsxFlowElement' || node?.type === 'mdxJsxTextElement';

/** Converts sibling nodes; `<MethodBadge method="post" /> `/v1/x`` becomes one `POST /v1/x`. */
function convertAll(nodes: Node[], resolveUrl: (url: string) => string): Node[] {
  const converted: Node[] = [];
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    const [space, path] = [nodes[index + 1], nodes[index + 2]];
    if (
      isJsx(node) &&
      node.name === 'MethodBadge' &&
      space?.type === 'text' &&
      space.value.trim() === '' &&
      path?.type === 'inlineCode'
    ) {
      converted.push({ type: 'inlineCode', value: `${methodOf(node)} ${path.value}` });
      index += 2;
      continue;
    }
    converted.push(...convert(node, resolveUrl));
  }
  return converted;
}

function convert(node: Node, resolveUrl: (url: string) => string): Node[] {
  if (isJsx(node))
    return componentToMarkdown(node, convertAll(node.children as Node[], resolveUrl));
  switch (node.type) {
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
    // Raw HTML is never rendered on the site either.
    case 'html':
      return [];
    case 'link':
    case 'image':
    case 'definition':
      // As on the page, a link to anything but a site, a path or an email keeps only its text.
      if (!isSafeHref(node.url)) {
        if (node.type === 'link') return convertAll(node.children, resolveUrl);
        return node.type === 'image' && node.alt ? [{ type: 'text', value: node.alt }] : [];
      }
      node = { ...node, url: resolveUrl(node.url) };
  }
  if ('children' in node) {
    return [{ ...node, children: convertAll(node.children as Node[], resolveUrl) } as Node];
  }
  return [node];
}

type Options = {
  /** `mdx` for files of this repository, `md` for Markdown from the CMS. */
  format: 'md' | 'mdx';
  /** Absolute URL of the page: site paths and `#anchors` resolve against it. */
  pageUrl: string;
};

/** Clean Markdown of an MDX or Markdown body: components as lists, quotes and code, no JSX. */
export function mdxToMarkdown(source: string, { format, pageUrl }: Options): string {
  const processor = unified().use(remarkParse).use(remarkGfm);
  if (format === 'mdx') processor.use(remarkMdx);
  processor.use(remarkStringify, stringifyOptions);
  const resolveUrl = (url: string) =>
    url.startsWith('/') || url.startsWith('#') ? new URL(url, pageUrl).toString() : url;
  const tree = processor.parse(source) as Root;
  const children = convertAll(tree.children, resolveUrl);
  return String(processor.stringify({ type: 'root', children } as Root));
}
