// Attribute lists of the reference as `<Attributes>` elements of the MDX vocabulary.
import type { BlockContent, PhrasingContent, RootContent } from 'mdast';
import { jsxElement } from '@/lib/mdx/jsx';
import type { Attribute, EnumValue } from '../schema';
import type { ReferenceLinks } from './links';
import {
  bulletList,
  inlineCode,
  link,
  markdownBlocks,
  markdownInline,
  paragraph,
  text,
} from './mdast';

/** "Possible values" of an enum, with a link to the enum's section when it is a named one. */
export function enumValues(
  values: EnumValue[],
  links: ReferenceLinks,
  component?: string,
): RootContent {
  const intro: PhrasingContent[] = component
    ? [text('Possible values ('), link(links.enumHref(component), [text(component)]), text('):')]
    : [text('Possible values:')];
  const items = values.map(({ value, description }) =>
    description
      ? [inlineCode(value), text(': '), ...markdownInline(description)]
      : [inlineCode(value)],
  );
  return jsxElement('EnumValues', {}, [paragraph(intro), bulletList(items)] as BlockContent[]);
}

/** What the reader is told beside an attribute's description: its fixed and default values. */
function valueNotes(attribute: Attribute): PhrasingContent[] {
  const notes: PhrasingContent[] = [];
  if (attribute.constValue !== undefined && !attribute.description?.includes('Always')) {
    notes.push(text('Always '), inlineCode(attribute.constValue), text('.'));
  }
  if (attribute.defaultValue !== undefined) {
    if (notes.length) notes.push(text(' '));
    notes.push(text('Defaults to '), inlineCode(JSON.stringify(attribute.defaultValue)), text('.'));
  }
  return notes;
}

function attributeElement(attribute: Attribute, links: ReferenceLinks): RootContent {
  const description = markdownBlocks(attribute.description);
  const notes = valueNotes(attribute);
  const last = description.at(-1);
  if (notes.length && last?.type === 'paragraph') last.children.push(text(' '), ...notes);
  else if (notes.length) description.push(paragraph(notes));
  const children: RootContent[] = [...description];
  if (attribute.values) children.push(enumValues(attribute.values, links, attribute.component));
  if (attribute.children.length) {
    children.push(
      jsxElement('ChildAttributes', {}, [
        attributesList(attribute.children, links),
      ] as BlockContent[]),
    );
  }
  return jsxElement(
    'Attribute',
    {
      name: attribute.name,
      type: attribute.type,
      anchor: attribute.anchor,
      required: attribute.required,
      nullable: attribute.nullable,
      constraints: attribute.constraints.length ? attribute.constraints.join(', ') : undefined,
      addedIn: attribute.addedIn,
    },
    children as BlockContent[],
  );
}

/** An attribute list, nested attributes collapsed under their parent. */
export function attributesList(attributes: Attribute[], links: ReferenceLinks): RootContent {
  return jsxElement(
    'Attributes',
    {},
    attributes.map((attribute) => attributeElement(attribute, links)) as BlockContent[],
  );
}

/** The label above one attribute list of an endpoint ("Body", "Returns"). */
export function attributesTitle(title: string): RootContent {
  return jsxElement('AttributesTitle', {}, [text(title)] as never);
}
