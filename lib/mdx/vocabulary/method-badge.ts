import { h } from 'hastscript';
import { z } from 'zod';
import { HTTP_METHODS } from '@/lib/openapi/http-methods';
import { inlineCode } from './markdown-nodes';
import { defineComponent } from './types';

export const methodSchema = z.enum(HTTP_METHODS);

/** An HTTP method label, one colour per method (SPEC 2.3). */
export function methodBadge(method: z.infer<typeof methodSchema>) {
  return h('span', { dataSlot: 'method-badge', dataMethod: method }, method);
}

/** `<MethodBadge method="post" />`: the label alone, inside prose. */
export const MethodBadge = defineComponent({
  props: z.object({ method: methodSchema }),
  html: ({ method }) => [methodBadge(method)],
  markdown: ({ method }) => [inlineCode(method.toUpperCase())],
  text: ({ method }) => method.toUpperCase(),
});
