// The MDX components of pages, rewritten as the plain Markdown they stand for.
import type { BlockContent, ListItem, PhrasingContent, RootContent } from 'mdast';

type Node = RootContent;
export type JsxElement = Extract<Node, { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement' }>;

const text = (value: string): PhrasingContent => ({ type: 'text', value });
const inlineCode = (value: string): PhrasingContent => ({ type: 'inlineCode', value });

/** A JSX attribute as written: `a="x"` and `a={"x"}` are "x", a bare `a` is true. */
function attributeOf(element: JsxElement, name: string): string | true | undefined {
  const attribute = element.attributes.find(
    (candidate) => candidate.type === 'mdxJsxAttribute' && candidate.name === name,
  );
  if (attribute?.type !== 'mdxJsxAttribute') return undefined;
  const { value } = attribute;
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value.value);
    return typeof parsed === 'string' ? parsed : value.value;
  } catch {
    return value.value;
  }
}

const stringAttribute = (element: JsxElement, name: string) => {
  const value = attributeOf(element, name);
  return typeof value === 'string' ? value : undefined;
};

/** The method of a `<MethodBadge method="post" />`, as HTTP writes it: `POST`. */
export function methodOf(element: JsxElement): string {
  return stringAttribute(element, 'method')?.toUpperCase() ?? '';
}

/** `<Attribute name type required …>` or `<Property name type>`: "`name` (type, flags): text". */
function fieldItem(element: JsxElement, children: Node[]): ListItem {
  const details = [
    stringAttribute(element, 'type'),
    attributeOf(element, 'required') === true && 'required',
    attributeOf(element, 'nullable') === true && 'nullable',
    stringAttribute(element, 'constraints'),
  ].filter((detail): detail is string => Boolean(detail));
  const head: PhrasingContent[] = [inlineCode(stringAttribute(element, 'name') ?? '')];
  if (details.length) head.push(text(` (${details.join(', ')})`));
  const [first, ...rest] = children;
  const body = first?.type === 'paragraph' ? rest : children;
  if (first?.type === 'paragraph') head.push(text(': '), ...first.children);
  return {
    type: 'listItem',
    spread: false,
    children: [{ type: 'paragraph', children: head }, ...(body as BlockContent[])],
  };
}

/** The Markdown nodes a component stands for, given its children already converted. */
export function componentToMarkdown(element: JsxElement, children: Node[]): Node[] {
  switch (element.name) {
    case 'Attributes':
    case 'Properties':
      return [
        {
          type: 'list',
          ordered: false,
          spread: false,
          children: children.filter((child): child is ListItem => child.type === 'listItem'),
        },
      ];
    case 'Attribute':
    case 'Property':
      return [fieldItem(element, children)];
    case 'Note': {
      const [first, ...rest] = children;
      const label: PhrasingContent = { type: 'strong', children: [text('Note:')] };
      const opening =
        first?.type === 'paragraph'
          ? { ...first, children: [label, text(' '), ...first.children] }
          : { type: 'paragraph' as const, children: [label] };
      const body = first?.type === 'paragraph' ? rest : children;
      return [{ type: 'blockquote', children: [opening, ...(body as BlockContent[])] }];
    }
    case 'AttributesTitle': {
      const strong = { type: 'strong' as const, children: children as PhrasingContent[] };
      return element.type === 'mdxJsxTextElement'
        ? [strong]
        : [{ type: 'paragraph', children: [strong] }];
    }
    case 'CodeGroup': {
      // The group's title ("Request") labels its code blocks, as its tab bar does on the page.
      const title = stringAttribute(element, 'title');
      if (!title) return children;
      return [
        { type: 'paragraph', children: [{ type: 'strong', children: [text(title)] }] },
        ...children,
      ];
    }
    case 'MethodBadge':
      return [inlineCode(methodOf(element))];
    default:
      // Layout-only components (Row, Col, EnumValues, ChildAttributes…) keep their content.
      return children;
  }
}
