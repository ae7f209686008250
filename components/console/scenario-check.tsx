'use client';

import type { Delivery } from '@/lib/console/deliveries';
import type { ScenarioSpec } from '@/lib/console/spec';
import { useEmittedEvents } from './emitted-events';
import type { Exchange } from './send';

type ScenarioCheckProps = {
  scenario: ScenarioSpec;
  exchange: Exchange & { seenBefore: Set<string> };
};

type Found = { status?: string; failure_code?: string; error?: { code?: string } };

/** The object as the latest event about it shows it: asynchronous outcomes arrive as events. */
function latest(answer: Found & { id?: string }, events: Delivery[]): Found {
  const objects = events
    .map(
      (event) =>
        (JSON.parse(event.body) as { data?: { object?: Found & { id?: string } } }).data?.object,
    )
    .filter((object) => object?.id === answer.id);
  return objects.at(-1) ?? answer;
}

/** The documented outcome of the scenario beside what the sandbox did, item by item. */
export function ScenarioCheck({ scenario, exchange }: ScenarioCheckProps) {
  const { events } = useEmittedEvents(exchange);
  const answer = (exchange.json ?? {}) as Found & { id?: string };
  const now = latest(answer, events);
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
