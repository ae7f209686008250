// Small builders for the Markdown the vocabulary's components turn into.
import type { BlockContent, ListItem, PhrasingContent, RootContent } from 'mdast';

export const text = (value: string): PhrasingContent => ({ type: 'text', value });
export const inlineCode = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
export const strong = (children: PhrasingContent[]): PhrasingContent => ({
  type: 'strong',
  children,
});

/** A bold label: a paragraph of its own, or inline inside one. */
export function label(children: PhrasingContent[], inline: boolean): RootContent[] {
  return inline ? [strong(children)] : [{ type: 'paragraph', children: [strong(children)] }];
}

/** The list items among converted children, as one list. */
export function listOf(children: RootContent[]): RootContent[] {
  const items = children.filter((child): child is ListItem => child.type === 'listItem');
  return [{ type: 'list', ordered: false, spread: false, children: items }];
}

/** A list item whose first paragraph starts with `head`; a leading paragraph of `body` joins it. */
export function listItem(head: PhrasingContent[], body: RootContent[]): ListItem {
  const [first, ...rest] = body;
  const opening =
    first?.type === 'paragraph' ? [...head, text(': '), ...first.children] : [...head];
  const blocks = first?.type === 'paragraph' ? rest : body;
  return {
    type: 'listItem',
    spread: false,
    children: [{ type: 'paragraph', children: opening }, ...(blocks as BlockContent[])],
  };
}
