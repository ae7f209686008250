import { h } from 'hastscript';
import { z } from 'zod';
import { inlineCode, listItem, listOf, text } from './markdown-nodes';
import { defineComponent } from './types';

/** `<Properties>`: a list of fields, each with its name, type and description. */
export const Properties = defineComponent({
  props: z.object({}),
  html: (_, { children }) => [
    h('div', { dataSlot: 'properties' }, [h('ul', { role: 'list' }, children())]),
  ],
  markdown: (_, children) => listOf(children),
  text: (_, children) => children,
});

/** `<Property name type>`: one field of a Properties list. */
export const Property = defineComponent({
  props: z.object({ name: z.string().min(1), type: z.string().min(1) }),
  html: ({ name, type }, { children }) => [
    h('li', [
      h('dl', [
        h('dt', { className: ['sr-only'] }, 'Name'),
        h('dd', [h('code', name)]),
        h('dt', { className: ['sr-only'] }, 'Type'),
        h('dd', { dataSlot: 'property-type' }, type),
        h('dt', { className: ['sr-only'] }, 'Description'),
        h('dd', { dataSlot: 'property-description' }, children()),
      ]),
    ]),
  ],
  markdown: ({ name, type }, children) => [
    listItem([inlineCode(name), text(` (${type})`)], children),
  ],
  text: ({ name }, children) => `${name} ${children}`,
});
