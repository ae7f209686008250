// The travel data of a charge: the checks its schema cannot make on a stay or an itinerary, and
// the charges it can still reach the card scheme with.
import { SandboxError } from '../errors';
import { ASYNC_STEP_DELAY_MS } from '../limits';
import type { Json, RequestContext } from '../machines/types';
import type { SandboxObject } from '../model';
import { timestamp } from '../time';

/** The kinds of travel data a charge carries, one of them at a time as the card schemes do. */
const KINDS = ['airline', 'lodging'] as const;

/** Statuses of a charge that took no money, so that no clearing will ever carry its data. */
const NEVER_CLEARED = ['failed', 'cancelled'];

/** Refuses a stay that ends before it starts. */
function requireStayInOrder(lodging: unknown) {
  const stay = lodging as { check_in_date?: string; check_out_date?: string } | null | undefined;
  if (!stay?.check_in_date || !stay.check_out_date) return;
  if (stay.check_out_date <= stay.check_in_date) {
    throw new SandboxError(
      'parameter_invalid',
      `The check_out_date ${stay.check_out_date} must be after the check_in_date ${stay.check_in_date}.`,
      'lodging',
    );
  }
}

/** Checks the travel data a request sends for a new charge. */
export function requireTravelData(body: Json) {
  requireStayInOrder(body.lodging);
}

/**
 * When the capture that made a charge `succeeded` went to the card scheme for clearing: in the
 * sandbox, as its money settles, the asynchronous delay after the `charge.succeeded` it sent.
 * `undefined` for a sample charge, or one whose event has left the inbox: not judged.
 */
async function clearedAt(charge: SandboxObject, context: RequestContext) {
  const events = await context.objects.all('event');
  const subjectOf = (event: SandboxObject) =>
    ((event.data as Json | undefined)?.object as Json | undefined)?.id;
  const succeeded = events.find(
    (event) => event.type === 'charge.succeeded' && subjectOf(event) === charge.id,
  );
  return succeeded ? Date.parse(String(succeeded.created_at)) + ASYNC_STEP_DELAY_MS : undefined;
}

/** Refuses travel data that no clearing of the charge will carry to a card scheme. */
async function requireClearingAhead(charge: SandboxObject, kind: string, context: RequestContext) {
  const id = String(charge.id);
  if (charge.payment_method_type === 'pay_by_bank') {
    throw new SandboxError(
      'parameter_invalid',
      `The charge ${id} was paid by bank; ${kind} data goes only to a card scheme, with a card charge.`,
      kind,
    );
  }
  if (NEVER_CLEARED.includes(String(charge.status))) {
    throw new SandboxError(
      'parameter_invalid',
      `The charge ${id} is ${String(charge.status)} and took no money, so no clearing will carry ${kind} data.`,
      kind,
    );
  }
  if (charge.status !== 'succeeded') return;
  const cleared = await clearedAt(charge, context);
  if (cleared !== undefined && context.now >= cleared) {
    throw new SandboxError(
      'parameter_invalid',
      `The capture of the charge ${id} was sent for clearing at ${timestamp(cleared)}; ${kind} data can no longer reach the card scheme.`,
      kind,
    );
  }
}

/**
 * Checks travel data added to an existing charge: to a card charge whose clearing is still
 * ahead, in order, and of the kind it already has.
 */
export async function requireTravelDataUpdate(
  charge: SandboxObject,
  before: SandboxObject,
  context: RequestContext,
) {
  const { body } = context;
  const sent = KINDS.find((kind) => body[kind] !== undefined && body[kind] !== null);
  if (!sent) return;
  await requireClearingAhead(before, sent, context);
  requireStayInOrder(charge.lodging);
  const other = KINDS.find(
    (kind) => kind !== sent && before[kind] !== null && before[kind] !== undefined,
  );
  if (other) {
    throw new SandboxError(
      'parameter_invalid',
      `The charge already carries ${other} data; a charge carries the data of one kind of travel.`,
      sent,
    );
  }
}
