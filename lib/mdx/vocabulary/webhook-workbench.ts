import { h } from 'hastscript';
import { z } from 'zod';
import { loadDocument } from '@/lib/openapi/document';
import { findOperation } from '@/lib/openapi/test-scenarios';
import { sandboxRoute, WEBHOOK_WORKBENCH_ID } from '@/lib/routes';
import { inlineCode, text } from './markdown-nodes';
import { defineComponent } from './types';

/** The request the workbench offers to send when the inbox is empty: a charge, with its events. */
const FIRST_EVENT_OPERATION = 'createCharge';

/** `<WebhookWorkbench />`: the sandbox's inbox, live, with resend and a signature checker. */
export const WebhookWorkbench = defineComponent({
  props: z.object({}),
  html: () => [
    h(
      'section',
      {
        id: WEBHOOK_WORKBENCH_ID,
        dataSlot: 'island',
        className: ['not-prose'],
        dataIsland: 'webhook-workbench',
        dataOperation: FIRST_EVENT_OPERATION,
        dataSummary: findOperation(loadDocument(), FIRST_EVENT_OPERATION)!.operation.summary,
        ariaLabel: 'Webhook workbench',
      },
      [
        h('p', { dataSlot: 'island-fallback' }, [
          'The webhook workbench runs in the browser with JavaScript. Without it, read the same inbox with ',
          h('code', `GET ${sandboxRoute('/inbox')}`),
          ' and a sandbox token.',
        ]),
      ],
    ),
  ],
  markdown: () => [
    {
      type: 'paragraph',
      children: [
        text(
          'On the site, the webhook workbench lists your sandbox events live, resends them and checks signatures. The same inbox answers ',
        ),
        inlineCode(`GET ${sandboxRoute('/inbox')}`),
        text(' with a sandbox token.'),
      ],
    },
  ],
  text: () => 'Webhook workbench: the sandbox inbox live, resend events, check a signature.',
});
