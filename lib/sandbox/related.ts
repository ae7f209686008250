import { freshId } from './ids';
import type { SandboxObject } from './model';
import { machineOf } from './machines';
import { setStatus, statusesOf } from './machines/outcome';
import type { SandboxContext } from './machines/types';
import { synthesize } from './synthesis';

// Fields a new related object takes from the object it follows, by the name they have there.
const INHERITED: Record<string, string[]> = {
  amount: ['amount'],
  currency: ['currency'],
  booking_id: ['booking_id'],
  customer_id: ['customer_id'],
  payment_method: ['payment_method', 'tokenised_card_id'],
};

/**
 * The object an event of another kind is about, made to follow `from`: a charge for a paid
 * payment link or scheduled payment, a chargeback for a disputed charge. It starts from the
 * event's documented example, in the status the event names.
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
  for (const [field, sources] of Object.entries(INHERITED)) {
    const source = sources.find((name) => from[name] !== undefined);
    if (field in object && source) object[field] = from[source];
  }
  if (`${from.object}_id` in object) object[`${from.object}_id`] = from.id;
  const status = statusesOf(context.model, kind).includes(verb) ? verb : String(object.status);
  setStatus(context.model, object, status, status === 'failed' ? failureCode : null);
  machineOf(kind)?.spawned?.(object, from);
  if (`${kind}_id` in from) from[`${kind}_id`] = object.id;
  await context.objects.save(object);
  return object;
}
