import { lifecycles } from '@/lib/openapi/lifecycles';
import { construct } from './construct';
import type { SandboxModel, SandboxObject } from './model';
import { machineOf } from './machines';
import { setStatus, statusesOf } from './transitions/outcome';
import type { SandboxContext } from './machines/types';

// Fields a new related object takes from the object it follows.
const INHERITED = ['amount', 'currency', 'booking_id', 'customer_id', 'tokenised_card_id'];

/**
 * The status an object of `kind` starts in when `type` announces it: the row of its lifecycle
 * that makes it with that event (a chargeback opens `needs_response`), else the event's verb.
 */
function firstStatus(model: SandboxModel, kind: string, type: string): string {
  const row = lifecycles(model.document)
    .get(kind)
    ?.rows.find((candidate) => !candidate.from && candidate.events?.includes(type));
  if (row) return row.to;
  const verb = type.slice(type.indexOf('.') + 1);
  if (statusesOf(model, kind).includes(verb)) return verb;
  throw new Error(
    `openapi/openapi.yaml: no row of the ${kind} x-lifecycle makes a ${kind} with ${type}. Add it.`,
  );
}

/**
 * The object an event of another kind is about, made to follow `from`, such as a chargeback for
 * a disputed charge: in the status its lifecycle starts it in, with what it takes from `from`,
 * the rest derived by its machine.
 */
export async function spawnFor(
  type: string,
  from: SandboxObject,
  context: SandboxContext,
  failureCode: string | null,
): Promise<SandboxObject | undefined> {
  const { model } = context;
  const kind = type.slice(0, type.indexOf('.'));
  const view = model.views.get(kind);
  const prefix = model.prefixOfKind.get(kind);
  if (!view || !prefix) return undefined;
  const given: Record<string, unknown> = {};
  for (const field of INHERITED) {
    if (field in view.properties && from[field] !== undefined) given[field] = from[field];
  }
  if (`${from.object}_id` in view.properties) given[`${from.object}_id`] = from.id;
  const object = construct(model, kind, { given, key: context.newId(kind), now: context.now });
  const status = firstStatus(model, kind, type);
  setStatus(object, status, status === 'failed' ? failureCode : null);
  await machineOf(kind)?.spawned?.(object, from, context);
  // A link such as a booking's `charge_id` names what succeeded, never a failed attempt.
  if (`${kind}_id` in from && status !== 'failed') from[`${kind}_id`] = object.id;
  await context.objects.save(object);
  return object;
}
