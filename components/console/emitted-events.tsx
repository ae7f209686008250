'use client';

import Link from 'next/link';
import { causedBy } from '@/lib/console/deliveries';
import { WEBHOOK_WORKBENCH_ROUTE } from '@/lib/routes';
import { JsonView } from './json-view';
import { useInbox } from './inbox-feed';
import type { Exchange } from './send';

type EmittedEventsProps = {
  exchange: Exchange;
  /** Closes the console, as the link to the workbench leaves the page. */
  onLeave: () => void;
};

const parse = (text: string) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** The events an exchange caused so far, oldest first, live from the tab's inbox. */
export function useEmittedEvents(exchange: Exchange) {
  const inbox = useInbox();
  const requestIds = exchange.requestId ? [exchange.requestId] : [];
  return { ...inbox, events: causedBy(inbox.deliveries, requestIds) };
}

/** The webhook events the request caused, arriving live (asynchronous ones a few seconds later). */
export function EmittedEvents({ exchange, onLeave }: EmittedEventsProps) {
  const { events, status } = useEmittedEvents(exchange);
  return (
    <section data-slot="console-events" aria-labelledby="console-events-title">
      <h3 id="console-events-title">Events</h3>
      {events.length ? (
        <ul>
          {events.map((delivery) => (
            <li key={delivery.id}>
              <details>
                <summary>
                  <code>{delivery.type}</code> <span>{delivery.event_id}</span>
                </summary>
                <JsonView value={parse(delivery.body)} label={`Body of ${delivery.type}`} />
              </details>
            </li>
          ))}
        </ul>
      ) : (
        <p data-slot="console-note">
          {status === 'live' || status === 'connecting'
            ? 'None yet. Events this request causes appear here as they are sent, some seconds later for asynchronous steps.'
            : 'The inbox is not connected.'}
        </p>
      )}
      <p data-slot="console-note">
        <Link href={WEBHOOK_WORKBENCH_ROUTE} onClick={onLeave}>
          Open the webhook workbench
        </Link>{' '}
        to see every event of your sandbox, resend one or check its signature.
      </p>
    </section>
  );
}
