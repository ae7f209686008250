'use client';

import { wireRequest } from '@/lib/console/request';
import type { StepSpec } from '@/lib/console/spec';
import type { Delivery } from '@/lib/console/deliveries';
import { JsonView } from './json-view';
import type { Exchange } from './send';
import { answerValue, type Answers } from '@/lib/console/steps';

export type StepRun = {
  state: 'running' | 'done' | 'failed';
  /** The `Kestrel-Request-Id` of each request it sent, which the events it caused name. */
  requestIds: string[];
  /** The earlier answers its carried values come from. */
  answers: Answers;
  exchange?: Exchange;
  /** The attempt of an asynchronous step that repeats until its outcome. */
  attempt?: number;
  error?: string;
  /** Why the step sent nothing: a token step that kept the current sandbox. */
  note?: string;
};

type FlowStepProps = {
  step: StepSpec;
  number: number;
  run?: StepRun;
  /** The webhook events it caused, as they arrive. */
  events: Delivery[];
};

/** One step: its request (with carried values), then its answer and events once it has run. */
export function FlowStep({ step, number, run, events }: FlowStepProps) {
  const request = run?.exchange?.request ?? wireRequest(step.method, step.path, step.request);
  const carried = Object.entries(step.carry);
  return (
    <li data-slot="flow-step" data-state={run?.state ?? 'waiting'}>
      <p data-slot="flow-step-title">
        <span data-slot="flow-step-number">{number}</span>
        <span>{step.title}</span>
        {run?.attempt && run.attempt > 1 && run.state === 'running' && (
          <span data-slot="console-flag">waiting, try {run.attempt}</span>
        )}
      </p>
      <p>
        <span data-slot="method-badge" data-method={step.method.toLowerCase()}>
          {step.method.toLowerCase()}
        </span>{' '}
        <code>{request.url}</code>
      </p>
      {carried.length > 0 && (
        <ul data-slot="flow-carried" aria-label="Carried from earlier answers">
          {carried.map(([where, from]) => {
            const value = run && answerValue(run.answers, from);
            return (
              <li key={where}>
                <code>{where}</code> ← <code>{from}</code>
                {value !== undefined && (
                  <>
                    {' '}
                    = <code>{String(value)}</code>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {request.body && (
        <details data-slot="flow-request">
          <summary>Request body</summary>
          <pre tabIndex={0}>{request.body}</pre>
        </details>
      )}
      {run?.error && <p data-slot="field-problem">{run.error}</p>}
      {run?.note && <p data-slot="console-note">{run.note}</p>}
      {run?.exchange && (
        <>
          <details data-slot="flow-response" open={run.state === 'failed'}>
            <summary>
              Answer{' '}
              <strong data-tone={run.exchange.status < 300 ? 'success' : 'refused'}>
                {run.exchange.status}
              </strong>{' '}
              in {run.exchange.ms} ms
            </summary>
            <JsonView
              value={run.exchange.json ?? run.exchange.text}
              label={`Answer of step ${number}`}
            />
          </details>
          {events.length > 0 && (
            <p data-slot="flow-events">
              Events:{' '}
              {events.map((event, index) => (
                <span key={event.id}>
                  {index > 0 && ', '}
                  <code>{event.type}</code>
                </span>
              ))}
            </p>
          )}
        </>
      )}
    </li>
  );
}
