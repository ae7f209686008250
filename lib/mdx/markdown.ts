// A page's syntax tree as clean Markdown, for people and assistants who read text: the
// vocabulary's components written as lists, quotes and code, no JSX left, site links absolute.
import type { Root, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified } from 'unified';
import { builtSample } from '@/lib/openapi/samples/built-sample';
import { isSafeHref } from '@/lib/safe-href';
import { isJsxElement, propsOf } from './jsx';
import { componentOf } from './vocabulary';

const stringifyOptions: StringifyOptions = {
  bullet: '-',
  emphasis: '_',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
};

const stringifier = unified().use(remarkGfm).use(remarkStringify, stringifyOptions);

type Context = { file: string; resolveUrl: (url: string) => string };

function convertAll(nodes: RootContent[], context: Context): RootContent[] {
  return nodes.flatMap((node) => convert(node, context));
}

function convert(node: RootContent, context: Context): RootContent[] {
  if (isJsxElement(node)) {
    const component = componentOf(node, context.file);
    const props = propsOf(node, component.props, context.file);
    const children = convertAll(node.children as RootContent[], context);
    return component.markdown(props, children, node.type === 'mdxJsxTextElement');
  }
  switch (node.type) {
    // Raw HTML is never rendered on the site either.
    case 'html':
      return [];
    case 'link':
    case 'image':
    case 'definition':
      // As on the page, a link to anything but a site, a path or an email keeps only its text.
      if (!isSafeHref(node.url)) {
        if (node.type === 'link') return convertAll(node.children, context);
        return node.type === 'image' && node.alt ? [{ type: 'text', value: node.alt }] : [];
      }
      node = { ...node, url: context.resolveUrl(node.url) };
  }
  if ('children' in node) {
    return [
      { ...node, children: convertAll(node.children as RootContent[], context) } as RootContent,
    ];
  }
  return [node];
}

/** The nodes with every code sample written for this site's sandbox, as the page shows it. */
function withBuiltSamples(nodes: RootContent[]): RootContent[] {
  return nodes.map((node) => {
    if (node.type === 'code') return { ...node, value: builtSample(node.value) };
    if ('children' in node)
      return { ...node, children: withBuiltSamples(node.children as RootContent[]) } as RootContent;
    return node;
  });
}

/** The Markdown of a page's tree; `pageUrl` is its absolute address, for site paths and anchors. */
export function toMarkdown(tree: Root, { file, pageUrl }: { file: string; pageUrl: string }) {
  const resolveUrl = (url: string) =>
    url.startsWith('/') || url.startsWith('#') ? new URL(url, pageUrl).toString() : url;
  const children = withBuiltSamples(convertAll(tree.children, { file, resolveUrl }));
  return String(stringifier.stringify({ type: 'root', children }));
}
