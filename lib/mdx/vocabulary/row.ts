import { h } from 'hastscript';
import { z } from 'zod';
import { defineComponent } from './types';

/** `<Row>`: two columns on wide screens (prose beside code), stacked on narrow ones. */
export const Row = defineComponent({
  props: z.object({}),
  html: (_, { children }) => [h('div', { dataSlot: 'row' }, children())],
  markdown: (_, children) => children,
  text: (_, children) => children,
});

/** `<Col>`: one column of a Row; `sticky` keeps it in view while the other column scrolls. */
export const Col = defineComponent({
  props: z.object({ sticky: z.boolean().optional() }),
  html: ({ sticky }, { children }) => [
    h('div', { dataSlot: 'col', dataSticky: sticky ? '' : undefined }, children()),
  ],
  markdown: (_, children) => children,
  text: (_, children) => children,
});
