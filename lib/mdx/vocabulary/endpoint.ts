import { h } from 'hastscript';
import { z } from 'zod';
import { inlineCode } from './markdown-nodes';
import { methodBadge, methodSchema } from './method-badge';
import { tryItButton } from './try-it';
import { defineComponent } from './types';

/** `<Endpoint method="post" path="/v1/refunds" />`: the request an endpoint section documents. */
export const Endpoint = defineComponent({
  props: z.object({
    method: methodSchema,
    path: z.string().startsWith('/'),
    /** The operation's id in the OpenAPI document. */
    operation: z.string().optional(),
    /** The API version that added it, when later than the first. */
    addedIn: z.string().optional(),
  }),
  html: ({ method, path, operation, addedIn }) => [
    h('p', { dataSlot: 'endpoint', dataOperation: operation }, [
      methodBadge(method),
      ' ',
      h('code', path),
      ...(addedIn ? [' ', h('span', { dataSlot: 'added-in' }, `Added in ${addedIn}`)] : []),
      ...(operation
        ? [' ', tryItButton({ operation, runs: `${method.toUpperCase()} ${path}` })]
        : []),
    ]),
  ],
  markdown: ({ method, path }, _, inline) => {
    const request = inlineCode(`${method.toUpperCase()} ${path}`);
    return inline ? [request] : [{ type: 'paragraph', children: [request] }];
  },
  text: ({ method, path }) => `${method.toUpperCase()} ${path}`,
});
