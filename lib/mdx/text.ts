// The readable text of a page's nodes for search: prose and inline code, with each component's
// own search text; code blocks are left out.
import type { RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { isJsxElement, propsOf } from './jsx';
import { componentOf } from './vocabulary';

/** Nodes whose children run on in one line: their texts join without a space. */
const INLINE_PARENTS = new Set([
  'paragraph',
  'heading',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'tableCell',
  'mdxJsxTextElement',
]);

/** The searchable text of nodes, words separated by single spaces. */
export function searchText(nodes: RootContent[], file: string): string {
  return joinTexts(nodes, file, ' ').replace(/\s+/g, ' ').trim();
}

function joinTexts(nodes: RootContent[], file: string, separator: string): string {
  return nodes.map((node) => textOf(node, file)).join(separator);
}

function textOf(node: RootContent, file: string): string {
  const separator = INLINE_PARENTS.has(node.type) ? '' : ' ';
  if (isJsxElement(node)) {
    const component = componentOf(node, file);
    const props = propsOf(node, component.props, file);
    return component.text(props, joinTexts(node.children as RootContent[], file, separator));
  }
  switch (node.type) {
    case 'code':
    case 'html':
    case 'yaml':
    case 'definition':
      return '';
  }
  if ('children' in node) return joinTexts(node.children as RootContent[], file, separator);
  return toString(node);
}
