'use client';

import { useEffect, useState } from 'react';
import type { IslandProps } from '@/components/article/islands';
import type { FlowSpec } from '@/lib/console/spec';
import { consoleFlowRoute } from '@/lib/routes';
import { causedBy } from '@/lib/console/deliveries';
import { FlowStep, type StepRun } from './flow-step';
import { useInbox } from './inbox-feed';
import { FLOW_NOTE } from '@/lib/console/flow-note';
import type { Answers } from '@/lib/console/steps';
import { keepsSandbox, runStep } from './step-runner';
import './styles.css';

/** What a token step says when it keeps the current sandbox instead of opening a new one. */
const KEPT_NOTE =
  'Not sent: the flow keeps your current sandbox and its token, so its objects, events and whsec_ signing secret stay the same. “New sandbox” in a token bar starts a fresh one.';

/**
 * "Run the flow": a guide's requests run one after another in the sandbox, each showing its
 * request and answer, the values carried from earlier answers and the events it caused.
 */
export default function SandboxFlow({ props }: IslandProps) {
  const [flow, setFlow] = useState<FlowSpec | { error: string }>();
  const [runs, setRuns] = useState<Record<string, StepRun>>({});
  const [running, setRunning] = useState(false);
  const [summary, setSummary] = useState<string>();
  // Events are followed once the reader runs the flow, not while it only sits on the page.
  const { deliveries } = useInbox(Object.keys(runs).length > 0);

  useEffect(() => {
    fetch(consoleFlowRoute(props.flow ?? ''))
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error())))
      .then((spec: FlowSpec) => setFlow(spec))
      .catch(() =>
        setFlow({ error: 'This flow could not be loaded. Reload the page to try again.' }),
      );
  }, [props.flow]);

  // Until the flow arrives, its placeholder in the article shows it (components/article/islands.tsx).
  if (!flow) return null;
  if ('error' in flow) return <p data-slot="console-failure">{flow.error}</p>;

  const run = async () => {
    setRunning(true);
    setRuns({});
    setSummary('Running…');
    const answers: Answers = {};
    for (const step of flow.steps) {
      // Every attempt's request, as the events it causes name them.
      const requestIds: string[] = [];
      const update = (run: StepRun) => setRuns((current) => ({ ...current, [step.name]: run }));
      if (keepsSandbox(step)) {
        update({ state: 'done', requestIds: [], answers: { ...answers }, note: KEPT_NOTE });
        continue;
      }
      update({ state: 'running', requestIds: [], answers: { ...answers } });
      try {
        const exchange = await runStep(step, answers, (attempt, count) => {
          if (attempt.requestId) requestIds.push(attempt.requestId);
          update({
            state: 'running',
            requestIds: [...requestIds],
            answers: { ...answers },
            exchange: attempt,
            attempt: count,
          });
        });
        const ok = exchange.status < 300;
        update({ state: ok ? 'done' : 'failed', requestIds, answers: { ...answers }, exchange });
        if (!ok) {
          setSummary(`Stopped at “${step.title}”: the sandbox answered ${exchange.status}.`);
          return setRunning(false);
        }
        answers[step.name] = exchange.json;
      } catch (error) {
        update({
          state: 'failed',
          requestIds,
          answers: { ...answers },
          error: (error as Error).message,
        });
        setSummary(`Stopped at “${step.title}”: ${(error as Error).message}`);
        return setRunning(false);
      }
    }
    setSummary(`All ${flow.steps.length} steps ran.`);
    setRunning(false);
  };

  return (
    <div data-slot="flow">
      <div data-slot="flow-heading">
        <h3>{flow.title}</h3>
        <button
          type="button"
          data-slot="console-send"
          disabled={running}
          onClick={() => void run()}
        >
          {running ? 'Running…' : Object.keys(runs).length ? 'Run again' : 'Run the flow'}
        </button>
      </div>
      <p data-slot="console-note">{FLOW_NOTE}</p>
      <p role="status" data-slot="console-live">
        {summary}
      </p>
      <ol data-slot="flow-steps">
        {flow.steps.map((step, index) => (
          <FlowStep
            key={step.name}
            step={step}
            number={index + 1}
            run={runs[step.name]}
            events={causedBy(deliveries, runs[step.name]?.requestIds ?? [])}
          />
        ))}
      </ol>
    </div>
  );
}
