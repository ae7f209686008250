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

/** The object an event is about, read from the delivery's body. */
function objectOf(delivery: Delivery): unknown {
  try {
    return (JSON.parse(delivery.body) as { data?: { object?: unknown } }).data?.object;
  } catch {
    return undefined;
  }
}

/**
 * The deliveries a request caused: new since it was sent, about an object it named or got back,
 * such as the charge created, the refund of that charge or the link paid (oldest first).
 */
export function emittedBy(
  deliveries: Delivery[],
  seenBefore: ReadonlySet<string>,
  related: ReadonlySet<string>,
): Delivery[] {
  return deliveries
    .filter((delivery) => !seenBefore.has(delivery.id))
    .filter((delivery) => {
      const object = objectOf(delivery) as Record<string, unknown> | undefined;
      if (!object) return false;
      const own = typeof object.id === 'string' ? [object.id] : [];
      const linked = Object.entries(object)
        .filter(([key, value]) => key.endsWith('_id') && typeof value === 'string')
        .map(([, value]) => value as string);
      return [...own, ...linked].some((id) => related.has(id));
    })
    .reverse();
}

/** The objects a request is about: those its path, query and body name, and those it got back. */
export function relatedTo(request: { url: string; body?: string }, answer: unknown): Set<string> {
  let sent: unknown;
  try {
    sent = request.body === undefined ? undefined : (JSON.parse(request.body) as unknown);
  } catch {
    sent = undefined;
  }
  const related = idsIn([sent, answer]);
  for (const segment of request.url.split(/[/?&=]/)) if (ID.test(segment)) related.add(segment);
  return related;
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

/** The objects a request acts on: those its path and body name, and the one it returns. */
export function actedOn(request: { url: string; body?: string }, answer: unknown): Set<string> {
  let sent: unknown;
  try {
    sent = request.body === undefined ? undefined : (JSON.parse(request.body) as unknown);
  } catch {
    sent = undefined;
  }
  const acted = idsIn(sent);
  for (const segment of request.url.split(/[/?&=]/)) if (ID.test(segment)) acted.add(segment);
  const id = (answer as { id?: unknown } | undefined)?.id;
  if (typeof id === 'string') acted.add(id);
  return acted;
}

/** One step of a flow, as events are told apart. */
export type StepWindow = {
  /** The deliveries known when it started: it caused none of them. */
  seenBefore: ReadonlySet<string>;
  /** What it acts on (see `actedOn`). */
  acted: ReadonlySet<string>;
  /** The ID of the object its answer is, such as the charge a create returned. */
  answerId?: string;
  /** Whether it can cause events at all: reads (GET) never do. */
  changes: boolean;
};

/**
 * The events each step of a flow caused: an event belongs to the latest step before it that
 * acted on its object (created, paid or refunded it), else to the latest that returned an object
 * it refers to (a chargeback belongs to the step that made its charge).
 */
export function eventsByStep(deliveries: Delivery[], steps: StepWindow[]): Delivery[][] {
  const assigned: Delivery[][] = steps.map(() => []);
  for (const delivery of [...deliveries].reverse()) {
    const object = (objectOf(delivery) ?? {}) as Record<string, unknown>;
    const own = typeof object.id === 'string' ? object.id : '';
    const linked = Object.entries(object)
      .filter(([key, value]) => key.endsWith('_id') && typeof value === 'string')
      .map(([, value]) => value as string);
    const before = steps.map((step) => step.changes && !step.seenBefore.has(delivery.id));
    const byObject = steps.findLastIndex((step, index) => before[index] && step.acted.has(own));
    const byParent = steps.findLastIndex(
      (step, index) =>
        before[index] && step.answerId !== undefined && linked.includes(step.answerId),
    );
    const owner = byObject >= 0 ? byObject : byParent;
    if (owner >= 0) assigned[owner]!.push(delivery);
  }
  return assigned;
}
