import { h } from 'hastscript';
import { z } from 'zod';
import { findOperation } from '@/lib/openapi/test-scenarios';
import { loadDocument } from '@/lib/openapi/document';
import { defineComponent } from './types';

/** The console's launcher: "Try it" on an endpoint, "Run in sandbox" on a test scenario. */
export function tryItButton(options: {
  operation: string;
  /** What the button's accessible name says it runs, such as `POST /v1/charges`. */
  runs: string;
  scenario?: string;
}) {
  const label = options.scenario ? 'Run in sandbox' : 'Try it';
  return h(
    'button',
    {
      type: 'button',
      dataSlot: 'try-it',
      dataLaunch: 'try-it',
      dataOperation: options.operation,
      dataScenario: options.scenario,
    },
    // What it runs is said to screen readers as text, so many buttons on a page are told apart.
    [label, h('span', { className: ['sr-only'] }, ` (${options.runs})`)],
  );
}

/**
 * `<TryIt operation="createRefund" scenario="refund-failed-card-closed" title="…" />`: a button
 * that opens the console on an operation, with a test scenario's trigger applied when given.
 */
export const TryIt = defineComponent({
  props: z.object({
    operation: z.string().min(1),
    scenario: z.string().min(1).optional(),
    /** The scenario's title, for the button's accessible name. */
    title: z.string().min(1).optional(),
  }),
  html: ({ operation, scenario, title }) => {
    const found = findOperation(loadDocument(), operation);
    if (!found) {
      throw new Error(
        `<TryIt operation="${operation}">: openapi/openapi.yaml has no such operationId. Use one the document declares.`,
      );
    }
    const request = `${found.method.toUpperCase()} ${found.path}`;
    return [tryItButton({ operation, scenario, runs: scenario ? (title ?? scenario) : request })];
  },
  markdown: () => [],
  text: () => '',
});
