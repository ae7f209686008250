import { SandboxError } from '../errors';
import type { SandboxObject } from '../model';
import type { Json } from './types';

// The travel data of a charge: the checks its schema cannot make on a stay or an itinerary.

/** The kinds of travel data a charge carries, one of them at a time as the card schemes do. */
const KINDS = ['airline', 'lodging'] as const;

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

/** Checks travel data added to an existing charge: in order, and of the kind it already has. */
export function requireTravelDataUpdate(charge: SandboxObject, before: SandboxObject, body: Json) {
  requireStayInOrder(charge.lodging);
  const sent = KINDS.find((kind) => body[kind] !== undefined && body[kind] !== null);
  const other = KINDS.find(
    (kind) => kind !== sent && before[kind] !== null && before[kind] !== undefined,
  );
  if (sent && other) {
    throw new SandboxError(
      'parameter_invalid',
      `The charge already carries ${other} data; a charge carries the data of one kind of travel.`,
      sent,
    );
  }
}
