import type { BlockContent, PhrasingContent } from 'mdast';
import { h } from 'hastscript';
import { z } from 'zod';
import { strong, text } from './markdown-nodes';
import { defineComponent } from './types';

/** `<Note>`: a callout that sets a remark apart from the prose around it. */
export const Note = defineComponent({
  props: z.object({}),
  html: (_, { children }) => [h('div', { role: 'note', dataSlot: 'note' }, [h('div', children())])],
  markdown: (_, children) => {
    const [first, ...rest] = children;
    const noteLabel: PhrasingContent = strong([text('Note:')]);
    const opening =
      first?.type === 'paragraph'
        ? { ...first, children: [noteLabel, text(' '), ...first.children] }
        : { type: 'paragraph' as const, children: [noteLabel] };
    const body = first?.type === 'paragraph' ? rest : children;
    return [{ type: 'blockquote', children: [opening, ...(body as BlockContent[])] }];
  },
  text: (_, children) => children,
});
