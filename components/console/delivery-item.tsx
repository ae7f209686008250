'use client';

import { useState } from 'react';
import type { Delivery, DeliveryResult } from '@/lib/console/deliveries';
import { listedDateTime } from '@/lib/dates';
import { resendEvent, useIsResend } from './inbox-feed';

type DeliveryItemProps = { delivery: Delivery; onCheck: () => void };

/** How the reader's handler answered, as their forwarder reported it. */
function HandlerResult({ result }: { result: DeliveryResult }) {
  const ok = result.status !== undefined && result.status < 300;
  return (
    <span data-slot="delivery-result" data-ok={ok} title={result.error}>
      {result.status === undefined
        ? `Your handler: not reached (${result.duration_ms} ms)`
        : `Your handler: ${result.status} in ${result.duration_ms} ms`}
    </span>
  );
}

/** One delivery of the inbox: its event, headers and exact body, and what can be done with it. */
export function DeliveryItem({ delivery, onCheck }: DeliveryItemProps) {
  const [note, setNote] = useState<string>();
  const resent = useIsResend(delivery.id);
  const resend = async (freshId: boolean) => {
    setNote(undefined);
    try {
      const sent = await resendEvent(delivery.event_id, freshId);
      setNote(
        freshId
          ? `Sent again as ${sent.event_id}.`
          : `Sent again with the same ID, ${sent.event_id}.`,
      );
    } catch (error) {
      setNote((error as Error).message);
    }
  };
  const name = `${delivery.type} ${delivery.event_id}${resent ? `, resent as ${delivery.id}` : ''}`;
  return (
    <li data-slot="delivery">
      <details>
        <summary>
          <code>{delivery.type}</code>
          <span data-slot="delivery-id">{delivery.event_id}</span>
          {resent && <span data-slot="console-flag">Resent</span>}
          {(delivery.attempt ?? 1) > 1 && (
            <span data-slot="console-flag">Retry {(delivery.attempt ?? 1) - 1}</span>
          )}
          <span data-slot="delivery-ref" title="Delivery ID">
            {delivery.id}
          </span>
          <time dateTime={delivery.delivered_at}>{listedDateTime(delivery.delivered_at)}</time>
          {delivery.result && <HandlerResult result={delivery.result} />}
        </summary>
        {delivery.result?.error && <p data-slot="field-problem">{delivery.result.error}</p>}
        <dl data-slot="delivery-headers">
          {Object.entries(delivery.headers).map(([header, value]) => (
            <div key={header}>
              <dt>{header}</dt>
              <dd>
                <code>{value}</code>
              </dd>
            </div>
          ))}
        </dl>
        <pre data-slot="delivery-body" tabIndex={0} aria-label={`Body of ${name}`}>
          {delivery.body}
        </pre>
        <div data-slot="delivery-actions">
          <button type="button" data-slot="console-button" onClick={() => void resend(false)}>
            Resend<span className="sr-only"> {name}</span>
          </button>
          <button type="button" data-slot="console-button" onClick={() => void resend(true)}>
            Send with a fresh ID<span className="sr-only"> ({name})</span>
          </button>
          <button type="button" data-slot="console-button" onClick={onCheck}>
            Check signature<span className="sr-only"> of {name}</span>
          </button>
        </div>
        {note && (
          <p role="status" data-slot="console-note">
            {note}
          </p>
        )}
      </details>
    </li>
  );
}
