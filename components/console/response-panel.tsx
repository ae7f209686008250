'use client';

import type { OperationSpec, ScenarioSpec } from '@/lib/console/spec';
import { CopyAs } from './copy-as';
import { EmittedEvents } from './emitted-events';
import { ErrorExplanation } from './error-explanation';
import { JsonView } from './json-view';
import { ScenarioCheck } from './scenario-check';
import type { Exchange } from './send';

type ResponsePanelProps = {
  spec: OperationSpec;
  exchange: Exchange;
  scenario?: ScenarioSpec;
  onLeave: () => void;
};

/** The status class a colour stands for: success, refusal or failure. */
const toneOf = (status: number) => (status < 300 ? 'success' : status < 500 ? 'refused' : 'failed');

/** The answer to the last request: status, timing, headers, body, its events, and its code. */
export function ResponsePanel({ spec, exchange, scenario, onLeave }: ResponsePanelProps) {
  const replayed = exchange.headers.some(
    ([name, value]) => name === 'idempotent-replayed' && value === 'true',
  );
  const error = (exchange.json as { error?: { code?: string } } | undefined)?.error;
  return (
    <>
      <p data-slot="console-status" data-tone={toneOf(exchange.status)}>
        <strong>
          {exchange.status} {exchange.statusText}
        </strong>
        <span>{exchange.ms} ms</span>
        {replayed && <span data-slot="console-flag">Replayed</span>}
      </p>
      {error?.code && <ErrorExplanation error={error} explanation={spec.errors[error.code]} />}
      {scenario && <ScenarioCheck scenario={scenario} exchange={exchange} />}
      <details data-slot="console-headers">
        <summary>Headers ({exchange.headers.length})</summary>
        <dl>
          {exchange.headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div data-slot="console-body">
        <h3>Body</h3>
        {exchange.json === undefined ? (
          <pre tabIndex={0}>{exchange.text || '(empty)'}</pre>
        ) : (
          <JsonView value={exchange.json} label="Response body" />
        )}
      </div>
      <EmittedEvents exchange={exchange} onLeave={onLeave} />
      <CopyAs request={exchange.request} authenticated={exchange.authenticated} />
    </>
  );
}
