import { announce } from './announce';
import { requireRowsAllow, rowsOfStep } from './lifecycle';
import { moveFunds } from './money/funds';
import { machineOf } from './machines';
import type { LaterStep, SandboxContext } from './machines/types';
import type { SandboxObject } from './model';
import {
  SandboxFullError,
  StoreUnavailableError,
  type EventRequest,
  type SandboxStore,
  type ScheduledStep,
} from './store/types';
import { ASYNC_STEP_DELAY_MS } from './limits';

/**
 * Queues a later step for an object, at its time or once the asynchronous delay has passed, as a
 * consequence of `request` unless time passing brings it.
 */
export function scheduler(
  store: SandboxStore,
  sandboxId: string,
  now: number,
  objectsKey: (object: SandboxObject) => string,
  request: EventRequest | null,
) {
  return (object: SandboxObject, step: LaterStep) =>
    store.schedule(sandboxId, {
      dueAt: step.at ?? now + ASYNC_STEP_DELAY_MS,
      kind: object.object,
      key: objectsKey(object),
      from: String(object.status),
      changes: step.changes,
      events: step.events,
      related: step.related,
      ...(step.given ? { given: step.given } : {}),
      ...(step.move ? { move: step.move } : {}),
      request: step.byTime ? null : request,
    });
}

/** Whether the object still has the fields its step was scheduled for, such as the details checked. */
const stillGiven = (object: SandboxObject, step: ScheduledStep) =>
  Object.entries(step.given ?? {}).every(
    ([field, value]) => JSON.stringify(object[field]) === JSON.stringify(value),
  );

/** Most rounds of due steps one request applies: a step may schedule another that is due too. */
const MAX_STEP_ROUNDS = 5;

/**
 * Applies the steps that have fallen due, in order: a step applies only if its object is still
 * in the status it was scheduled from, so a cancelled payout is not paid after all. A step that
 * schedules another already due, such as a payout returned after it was paid, is followed by it.
 * Each step acts for the request it follows from, and so does any step it queues in turn.
 */
export async function applyDueSteps(
  store: SandboxStore,
  sandboxId: string,
  context: SandboxContext,
) {
  const contextOf = (step: ScheduledStep): SandboxContext => ({
    ...context,
    now: step.dueAt,
    request: step.request,
    schedule: scheduler(
      store,
      sandboxId,
      context.now,
      (object) => context.objects.keyOf(object),
      step.request,
    ),
  });
  const failures: unknown[] = [];
  try {
    await store.atomically(sandboxId, async () => {
      for (let round = 0; round < MAX_STEP_ROUNDS; round++) {
        const due: ScheduledStep[] = await store.takeDueSteps(sandboxId, context.now);
        if (due.length === 0) return;
        for (const step of due) {
          const failure = await applyAlone(store, sandboxId, step, contextOf(step));
          if (failure) failures.push(failure);
        }
      }
    });
  } catch (caught) {
    // A full sandbox keeps its due steps, undone whole, until it has room: the request goes on.
    if (!(caught instanceof SandboxFullError)) throw caught;
  }
  // The others are kept; the failure still fails the request that found it, and is logged there.
  if (failures.length > 0) throw failures[0];
}

/**
 * One step in a section of its own: a step that fails for a reason of its own is undone and
 * dropped, and its failure returned, while the others go on. A full or unavailable store stops
 * them all, and the batch is undone whole, so each step stays due.
 */
async function applyAlone(
  store: SandboxStore,
  sandboxId: string,
  step: ScheduledStep,
  context: SandboxContext,
): Promise<unknown> {
  try {
    await store.atomically(sandboxId, () => applyStep(step, context));
    return undefined;
  } catch (caught) {
    if (caught instanceof SandboxFullError || caught instanceof StoreUnavailableError) throw caught;
    return caught;
  }
}

/** What a step changes when it falls due, as one request would, its events included. */
async function applyStep(step: ScheduledStep, context: SandboxContext) {
  if (step.retry) {
    await context.events.retry(step.key, step.retry.attempt, step.dueAt);
    return;
  }
  if (step.move) {
    await moveFunds(step.move, context);
    return;
  }
  const object = await context.objects.find(step.kind, step.key);
  if (!object || String(object.status) !== step.from || !stillGiven(object, step)) return;
  const before = structuredClone(object);
  Object.assign(object, step.changes);
  const related: SandboxObject[] = [];
  for (const id of step.related ?? []) {
    const found = await context.objects.findById(id);
    if (found) related.push(found);
  }
  await machineOf(step.kind)?.settle?.(object, step, context, related);
  // A step that moves an object's status takes a row of its lifecycle, as a request does.
  const rows = rowsOfStep(context, object, step.from);
  const ownEvents = step.events.some((type) => type.startsWith(`${step.kind}.`));
  if (rows && (object.status !== step.from || ownEvents)) {
    const move = { before, after: object, body: {}, related, now: context.now };
    requireRowsAllow(rows, move, step.from, step.events);
  }
  for (const changed of [object, ...related]) await context.objects.save(changed);
  const failureCode = step.changes.failure_code ?? step.changes.last_failure_code ?? null;
  await announce(context, object, step.events, failureCode as string | null, related);
  await context.objects.save(object);
}
