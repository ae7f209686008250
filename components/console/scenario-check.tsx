'use client';

import { latestState } from '@/lib/console/deliveries';
import type { ScenarioSpec } from '@/lib/console/spec';
import { useEmittedEvents } from './emitted-events';
import type { Exchange } from './send';

type ScenarioCheckProps = {
  scenario: ScenarioSpec;
  exchange: Exchange & { seenBefore: Set<string> };
};

type Found = { status?: string; failure_code?: string; error?: { code?: string } };

/** The documented outcome of the scenario beside what the sandbox did, item by item. */
export function ScenarioCheck({ scenario, exchange }: ScenarioCheckProps) {
  const { events } = useEmittedEvents(exchange);
  const answer = (exchange.json ?? {}) as Found & { id?: string };
  const now = latestState(answer, events);
  const { outcome } = scenario;
  const rows: [string, string, string | undefined][] = outcome.error
    ? [['error', outcome.error, answer.error?.code]]
    : [
        ['status', outcome.status, now.status],
        ...(outcome.failure_code
          ? [
              ['failure code', outcome.failure_code, now.failure_code] as [
                string,
                string,
                string | undefined,
              ],
            ]
          : []),
      ];
  const expectedEvents = outcome.events.join(', ') || 'none';
  const sent = events.map((event) => event.type).join(', ');
  rows.push(['events', expectedEvents, sent || 'none']);
  return (
    <div data-slot="console-scenario-check">
      <p>
        Documented outcome of <strong>{scenario.title}</strong>
      </p>
      <ul>
        {rows.map(([label, expected, actual]) => (
          <li key={label} data-match={expected === actual}>
            {label} <code>{expected}</code>
            {expected === actual ? ': as documented' : `: so far ${actual ?? 'none'}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
