// The sandbox's webhook deliveries as the console reads them, and which of them a request caused.
import type { Delivery as Signed, DeliveryResult } from '@/lib/sandbox/store/types';

/** A delivery of the inbox, with how the reader's handler answered it once their forwarder reports it. */
export type Delivery = Signed & { result?: DeliveryResult };
export type { DeliveryResult };

const ID = /^[a-z]{2,5}_[A-Za-z0-9]{6,}$/;

/** The IDs a value names: its own `id` and every `…_id` field, nested ones included. */
export function idsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => idsIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if (typeof field === 'string' && (key === 'id' || key.endsWith('_id')) && ID.test(field)) {
        found.add(field);
      } else if (field && typeof field === 'object') idsIn(field, found);
    }
  }
  return found;
}

/** The deliveries that send an event again: a later delivery of an event ID already delivered. */
export function resends(deliveries: Delivery[]): Set<string> {
  const seen = new Set<string>();
  const again = new Set<string>();
  for (const delivery of [...deliveries].reverse()) {
    // A retry after a failed delivery is the same delivery tried again, not a resend.
    if (seen.has(delivery.event_id) && (delivery.attempt ?? 1) === 1) again.add(delivery.id);
    seen.add(delivery.event_id);
  }
  return again;
}

/** What the console reads of an event's envelope: the request it names, and its object. */
type Envelope = { request?: { id?: string } | null; data?: { object?: unknown } };

/** An event's envelope, read from the delivery's body. */
function envelopeOf(delivery: Delivery): Envelope | undefined {
  try {
    return JSON.parse(delivery.body) as Envelope;
  } catch {
    return undefined;
  }
}

/** The object an event is about, read from the delivery's body. */
const objectOf = (delivery: Delivery): unknown => envelopeOf(delivery)?.data?.object;

/**
 * The events requests caused, directly or through the steps they started, seconds later too: the
 * deliveries whose event names one of them as its `request`, each event once (a resend or a retry
 * is the same event again), oldest first.
 */
export function causedBy(deliveries: Delivery[], requestIds: readonly string[]): Delivery[] {
  const delivered = new Set<string>();
  return [...deliveries].reverse().filter((delivery) => {
    if (delivered.has(delivery.event_id)) return false;
    delivered.add(delivery.event_id);
    const id = envelopeOf(delivery)?.request?.id;
    return id !== undefined && requestIds.includes(id);
  });
}

type Described = {
  id?: string;
  status?: string;
  failure_code?: string;
  /** Objects that retry, such as instalments, name their latest failure so. */
  last_failure_code?: string;
};

/** The latest of the events about the object with this ID. */
export function latestEventAbout(id: string | undefined, events: Delivery[]): Delivery | undefined {
  return events.findLast(
    (event) => id !== undefined && (objectOf(event) as Described | undefined)?.id === id,
  );
}

/** An object as the latest event about it shows it, else as the answer: outcomes arrive as events. */
export function latestState(answer: Described, events: Delivery[]): Described {
  const objects = events
    .map((event) => objectOf(event) as Described | undefined)
    .filter((object) => object?.id !== undefined && object.id === answer.id);
  const latest = objects.at(-1) ?? answer;
  return { ...latest, failure_code: latest.failure_code ?? latest.last_failure_code };
}
