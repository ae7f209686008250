// The attribute lists of the API reference: objects, parameters, bodies, errors and events.
import { h } from 'hastscript';
import type { PhrasingContent } from 'mdast';
import { z } from 'zod';
import { inlineCode, label, listItem, listOf, text } from './markdown-nodes';
import { defineComponent } from './types';

/** `<Attributes>`: a list of attributes or parameters. */
export const Attributes = defineComponent({
  props: z.object({}),
  html: (_, { children }) => [h('ul', { role: 'list', dataSlot: 'attributes' }, children())],
  markdown: (_, children) => listOf(children),
  text: (_, children) => children,
});

const attributeProps = z.object({
  name: z.string().min(1),
  type: z.string().min(1),
  anchor: z.string().min(1),
  required: z.boolean().optional(),
  nullable: z.boolean().optional(),
  /** Limits such as `1 to 100` or `at most 255 characters`. */
  constraints: z.string().optional(),
  /** The API version that added it, when later than the first. */
  addedIn: z.string().optional(),
});

/** `<Attribute name type anchor …>`: one attribute, linking to its own anchor. */
export const Attribute = defineComponent({
  props: attributeProps,
  html: ({ name, type, anchor, required, nullable, constraints, addedIn }, { children }) => {
    const body = children();
    return [
      h('li', { id: anchor, dataSlot: 'attribute' }, [
        h(
          'div',
          { dataSlot: 'attribute-head' },
          [
            h('a', { href: `#${anchor}` }, [h('code', name)]),
            h('span', { dataSlot: 'attribute-type' }, type),
            required ? h('span', { dataSlot: 'attribute-required' }, 'required') : null,
            nullable ? h('span', { dataSlot: 'attribute-flag' }, 'nullable') : null,
            constraints ? h('span', { dataSlot: 'attribute-flag' }, constraints) : null,
            addedIn ? h('span', { dataSlot: 'added-in' }, `Added in ${addedIn}`) : null,
          ].filter((node) => node !== null),
        ),
        ...(body.length ? [h('div', { dataSlot: 'attribute-body' }, body)] : []),
      ]),
    ];
  },
  markdown: ({ name, type, required, nullable, constraints, addedIn }, children) => {
    const details = [
      type,
      required && 'required',
      nullable && 'nullable',
      constraints,
      addedIn && `added in ${addedIn}`,
    ].filter((detail): detail is string => Boolean(detail));
    const head: PhrasingContent[] = [inlineCode(name), text(` (${details.join(', ')})`)];
    return [listItem(head, children)];
  },
  text: ({ name }, children) => `${name} ${children}`,
});

/** `<AttributesTitle>`: the label above one attribute list of an endpoint, not a page section. */
export const AttributesTitle = defineComponent({
  props: z.object({}),
  html: (_, { children }) => [h('p', { dataSlot: 'attributes-title' }, children())],
  markdown: (_, children, inline) => label(children as PhrasingContent[], inline),
  text: (_, children) => children,
});

/** `<ChildAttributes>`: the attributes of a nested object or of array items, collapsed. */
export const ChildAttributes = defineComponent({
  props: z.object({}),
  html: (_, { children }) => [
    h('details', { dataSlot: 'child-attributes' }, [
      h('summary', [
        h('span', { dataWhen: 'closed' }, 'Show child attributes'),
        h('span', { dataWhen: 'open' }, 'Hide child attributes'),
      ]),
      h('div', children()),
    ]),
  ],
  markdown: (_, children) => children,
  text: (_, children) => children,
});

/** `<EnumValues>`: the values an enum attribute may take. */
export const EnumValues = defineComponent({
  props: z.object({}),
  html: (_, { children }) => [h('div', { dataSlot: 'enum-values' }, children())],
  markdown: (_, children) => children,
  text: (_, children) => children,
});
