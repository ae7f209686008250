// The flow runner as it first renders (components/console/sandbox-flow.tsx, flow-step.tsx), drawn
// into the article HTML with the same slots and styles, so its place is held before the code loads.
import { h } from 'hastscript';
import type { Element } from 'hast';
import { FLOW_NOTE } from '@/lib/console/flow-note';
import { wireRequest } from '@/lib/console/request';
import type { FlowSpec, StepSpec } from '@/lib/console/spec';

/** One step waiting to run: its number, title, request line, carried values and body. */
function waitingStep(step: StepSpec, number: number): Element {
  const request = wireRequest(step.method, step.path, step.request);
  const carried = Object.entries(step.carry);
  return h('li', { dataSlot: 'flow-step', dataState: 'waiting' }, [
    h('p', { dataSlot: 'flow-step-title' }, [
      h('span', { dataSlot: 'flow-step-number' }, String(number)),
      h('span', step.title),
    ]),
    h('p', [
      h('span', { dataSlot: 'method-badge', dataMethod: step.method.toLowerCase() }, [
        step.method.toLowerCase(),
      ]),
      ' ',
      h('code', request.url),
    ]),
    ...(carried.length
      ? [
          h(
            'ul',
            { dataSlot: 'flow-carried', ariaLabel: 'Carried from earlier answers' },
            carried.map(([where, from]) => h('li', [h('code', where), ' ← ', h('code', from)])),
          ),
        ]
      : []),
    ...(request.body
      ? [
          h('details', { dataSlot: 'flow-request' }, [
            h('summary', 'Request body'),
            h('pre', { tabIndex: 0 }, request.body),
          ]),
        ]
      : []),
  ]);
}

/** The flow before it has run, its button waiting for the code that runs it. */
export function flowPlaceholder({ title, steps }: FlowSpec): Element {
  return h('div', { dataSlot: 'flow' }, [
    h('div', { dataSlot: 'flow-heading' }, [
      h('h3', title),
      h('button', { type: 'button', dataSlot: 'console-send', disabled: true }, 'Run the flow'),
    ]),
    h('p', { dataSlot: 'console-note' }, FLOW_NOTE),
    h('ol', { dataSlot: 'flow-steps' }, [
      ...steps.map((step, index) => waitingStep(step, index + 1)),
    ]),
  ]);
}
