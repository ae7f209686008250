import { h } from 'hastscript';
import { z } from 'zod';
import { flowSpec } from '@/lib/console/flow-spec';
import { FLOW_NAMES } from '@/lib/console/flows';
import { loadDocument } from '@/lib/openapi/document';
import { flowPlaceholder } from './flow-placeholder';
import { inlineCode, text } from './markdown-nodes';
import { defineComponent } from './types';

const flowOf = (name: (typeof FLOW_NAMES)[number]) => flowSpec(loadDocument(), name);

/** `<SandboxFlow flow="quickstart" />`: a guide's requests, run one after another in the sandbox. */
export const SandboxFlow = defineComponent({
  props: z.object({ flow: z.enum(FLOW_NAMES) }),
  html: ({ flow }) => {
    const spec = flowOf(flow);
    return [
      h(
        'section',
        {
          dataSlot: 'island',
          className: ['not-prose'],
          dataIsland: 'sandbox-flow',
          dataFlow: flow,
          ariaLabel: spec.title,
        },
        [h('div', { dataSlot: 'island-fallback' }, [flowPlaceholder(spec)])],
      ),
    ];
  },
  markdown: ({ flow }) => {
    const { title, steps } = flowOf(flow);
    return [
      { type: 'paragraph', children: [text(`${title}, runnable in the sandbox on the site:`)] },
      {
        type: 'list',
        ordered: true,
        spread: false,
        children: steps.map((step) => ({
          type: 'listItem',
          spread: false,
          children: [
            {
              type: 'paragraph',
              children: [inlineCode(`${step.method} ${step.path}`), text(` ${step.title}`)],
            },
          ],
        })),
      },
    ];
  },
  text: ({ flow }) => {
    const { title, steps } = flowOf(flow);
    return [title, ...steps.map((step) => step.title)].join('. ');
  },
});
