import { freshId } from './ids';
import type { SandboxObject } from './model';
import { machineOf } from './machines';
import { setStatus, statusesOf } from './machines/outcome';
import type { SandboxContext } from './machines/types';
import { synthesize } from './synthesis';

// Fields a new related object takes from the object it follows.
const INHERITED = ['amount', 'currency', 'booking_id', 'customer_id', 'tokenised_card_id'];

/**
 * The object an event of another kind is about, made to follow `from`, such as a chargeback for
 * a disputed charge. It starts from the event's documented example, in the status the event
 * names.
 */
export async function spawnFor(
  type: string,
  from: SandboxObject,
  context: SandboxContext,
  failureCode: string | null,
): Promise<SandboxObject | undefined> {
  const [kind, verb = ''] = type.split('.');
  const example = (context.model.events.get(type)?.data as { object?: SandboxObject } | undefined)
    ?.object;
  const view = kind ? context.model.views.get(kind) : undefined;
  const prefix = kind ? context.model.prefixOfKind.get(kind) : undefined;
  if (!kind || !example || !view || !prefix) return undefined;
  const object = synthesize({
    example,
    view,
    body: {},
    keyField: 'id',
    key: freshId(prefix),
    now: context.now,
  });
  for (const field of INHERITED) {
    if (field in object && from[field] !== undefined) object[field] = from[field];
  }
  if (`${from.object}_id` in object) object[`${from.object}_id`] = from.id;
  const status = statusesOf(context.model, kind).includes(verb) ? verb : String(object.status);
  setStatus(object, status, status === 'failed' ? failureCode : null);
  await machineOf(kind)?.spawned?.(object, from, context);
  // A link such as a booking's `charge_id` names what succeeded, never a failed attempt.
  if (`${kind}_id` in from && status !== 'failed') from[`${kind}_id`] = object.id;
  await context.objects.save(object);
  return object;
}
