import { h } from 'hastscript';
import type { RootContent } from 'mdast';
import { z } from 'zod';
import { accessMarks, accessSentences, type Access } from '@/lib/openapi/access';
import { inlineCode, text } from './markdown-nodes';
import { methodBadge, methodSchema } from './method-badge';
import { tryItButton } from './try-it';
import { defineComponent } from './types';

const roles = z.array(z.string().min(1)).min(1);
const accessSchema = z.object({
  roles,
  anyRole: z.boolean(),
  fields: z.array(z.object({ field: z.string().min(1), roles })),
  serverSideOnly: z.boolean(),
  sandboxOnly: z.boolean(),
}) satisfies z.ZodType<Access>;

/** A sentence with `code` spans as Markdown: every other piece between backticks is code. */
const withCodeSpans = (sentence: string) =>
  sentence.split('`').map((piece, index) => (index % 2 ? inlineCode(piece) : text(piece)));

/** The marks under the request: the roles that may call it, server-side only, sandbox only. */
function accessLine(access: Access) {
  const marks = accessMarks(access).flatMap(({ kind, label }, index) => [
    ...(index ? [' '] : []),
    h('span', { dataAccess: kind }, label),
  ]);
  return h('p', { dataSlot: 'endpoint-access' }, marks);
}

/** `<Endpoint method="post" path="/v1/refunds" />`: the request an endpoint section documents. */
export const Endpoint = defineComponent({
  props: z.object({
    method: methodSchema,
    path: z.string().startsWith('/'),
    /** The operation's id in the OpenAPI document, for Try it. */
    operation: z.string().optional(),
    /** Who may call it, from the document's `x-roles`: marked under the request. */
    access: accessSchema.optional(),
    /** The API version that added it, when later than the first. */
    addedIn: z.string().optional(),
  }),
  html: ({ method, path, operation, access, addedIn }) => [
    h('p', { dataSlot: 'endpoint', dataOperation: operation }, [
      methodBadge(method),
      ' ',
      h('code', path),
      ...(addedIn ? [' ', h('span', { dataSlot: 'added-in' }, `Added in ${addedIn}`)] : []),
      ...(operation
        ? [' ', tryItButton({ operation, runs: `${method.toUpperCase()} ${path}` })]
        : []),
    ]),
    ...(access ? [accessLine(access)] : []),
  ],
  markdown: ({ method, path, access }, _, inline) => {
    const request = inlineCode(`${method.toUpperCase()} ${path}`);
    if (inline) return [request];
    const blocks: RootContent[] = [{ type: 'paragraph', children: [request] }];
    if (access) {
      blocks.push({
        type: 'paragraph',
        children: withCodeSpans(accessSentences(access).join(' ')),
      });
    }
    return blocks;
  },
  text: ({ method, path }) => `${method.toUpperCase()} ${path}`,
});
