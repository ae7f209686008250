import { h } from 'hastscript';
import { z } from 'zod';
import { inlineCode } from './markdown-nodes';
import { defineComponent } from './types';

/** `<CopyValue value="4000 0000 0000 0002" />`: a value to paste elsewhere, with its own Copy button. */
export const CopyValue = defineComponent({
  props: z.object({ value: z.union([z.string().min(1), z.number()]).transform(String) }),
  html: ({ value }) => [
    h('span', { dataSlot: 'copy-value' }, [
      h('code', value),
      h('button', { type: 'button', dataCopy: value, ariaLabel: `Copy ${value}` }),
    ]),
  ],
  markdown: ({ value }) => [inlineCode(value)],
  text: ({ value }) => value,
});
