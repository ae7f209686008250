// The JSX elements of a parsed MDX page: recognising them and reading their props.
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { Nodes } from 'mdast';
import type { z } from 'zod';

export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** Whether a node is a JSX element such as `<Note>` or `<Endpoint />`. */
export function isJsxElement(node: Nodes | undefined): node is JsxElement {
  return node?.type === 'mdxJsxFlowElement' || node?.type === 'mdxJsxTextElement';
}

/** A JSX attribute's value: `a="x"` and `a={"x"}` are "x", `a={2}` is 2, a bare `a` is true. */
function attributeValue(
  value: Extract<JsxElement['attributes'][number], { type: 'mdxJsxAttribute' }>['value'],
): unknown {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value;
  try {
    // Only literal values are props; code in braces is never run.
    return JSON.parse(value.value) as unknown;
  } catch {
    return { expression: value.value };
  }
}

/** An element's attributes as a plain object of literal values. */
export function attributesOf(element: JsxElement): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const attribute of element.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') continue;
    props[attribute.name] = attributeValue(attribute.value);
  }
  return props;
}

/** Where an element stands, for error messages: `content/docs/x.mdx:12`. */
export function locationOf(element: JsxElement, file: string): string {
  const line = element.position?.start.line;
  return line ? `${file}:${line}` : file;
}

/** An element's props checked against its schema, or an error naming the file, line and fix. */
export function propsOf<T>(element: JsxElement, schema: z.ZodType<T>, file: string): T {
  const result = schema.safeParse(attributesOf(element));
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || 'props'}: ${issue.message}`,
  );
  throw new Error(
    `${locationOf(element, file)}: <${element.name}> has invalid props (${problems.join('; ')}). Props take literal strings, numbers, booleans, or arrays and objects of them.`,
  );
}

/** A literal prop value: what `attributeValue` reads back from an attribute. */
type PropValue = string | number | boolean | null | PropValue[] | { [key: string]: PropValue };

/** Builds a JSX element node, as the OpenAPI generator writes them into pages. */
export function jsxElement(
  name: string,
  props: Record<string, PropValue | undefined>,
  children: JsxElement['children'] = [],
  kind: 'flow' | 'text' = 'flow',
): JsxElement {
  const attributes = Object.entries(props)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([attributeName, value]) => ({
      type: 'mdxJsxAttribute' as const,
      name: attributeName,
      value:
        value === true
          ? null
          : typeof value === 'string'
            ? value
            : { type: 'mdxJsxAttributeValueExpression' as const, value: JSON.stringify(value) },
    }));
  return kind === 'flow'
    ? {
        type: 'mdxJsxFlowElement',
        name,
        attributes,
        children: children as MdxJsxFlowElement['children'],
      }
    : {
        type: 'mdxJsxTextElement',
        name,
        attributes,
        children: children as MdxJsxTextElement['children'],
      };
}
