'use client';

import { scenarioRows } from '@/lib/console/scenario-verdict';
import type { ScenarioSpec } from '@/lib/console/spec';
import { useEmittedEvents } from './emitted-events';
import type { Exchange } from './send';

type ScenarioCheckProps = {
  scenario: ScenarioSpec;
  exchange: Exchange;
};

/** The documented outcome of the scenario beside what the sandbox did, item by item. */
export function ScenarioCheck({ scenario, exchange }: ScenarioCheckProps) {
  const { events } = useEmittedEvents(exchange);
  const rows = scenarioRows(scenario.outcome, (exchange.json ?? {}) as object, events);
  return (
    <div data-slot="console-scenario-check">
      <p>
        Documented outcome of <strong>{scenario.title}</strong>
      </p>
      <ul>
        {rows.map((row) => (
          <li key={row.label} data-match={row.match}>
            {row.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
