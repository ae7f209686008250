import { SandboxError } from '../errors';
import type { SandboxObject } from '../model';
import { requireCurrencyEnabled } from '../money/currency-flags';
import { moveRelease } from '../money/funds';
import { cancelCharge, finishCapture } from '../payments/authorisation';
import type { Machine, RequestContext, SandboxContext } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What still waits on a booking: each kind, the statuses it is closed from, and to. */
const OPEN_PAYMENTS: [kind: string, from: string[], to: string][] = [
  ['payment_link', ['active'], 'deactivated'],
  ['scheduled_payment', ['scheduled'], 'cancelled'],
];

/**
 * Closes what still waits on a cancelled booking: active payment links, scheduled payments, and
 * the holds of its charges: cancelled with `charge.cancelled` when nothing was captured, else
 * `succeeded` with `charge.succeeded` and what was captured.
 */
async function closeOpenPayments(bookingId: unknown, context: SandboxContext) {
  for (const [kind, from, to] of OPEN_PAYMENTS) {
    for (const object of await context.objects.all(kind)) {
      if (object.booking_id !== bookingId || !from.includes(String(object.status))) continue;
      object.status = to;
      if ('next_attempt_at' in object) object.next_attempt_at = null;
      await context.objects.save(object);
    }
  }
  for (const charge of await context.objects.all('charge')) {
    if (charge.booking_id !== bookingId) continue;
    if (charge.status !== 'requires_capture' && charge.status !== 'requires_action') continue;
    // What was already captured stays paid; only the rest of the hold is released.
    const partlyCaptured = Number(charge.amount_captured ?? 0) > 0;
    if (partlyCaptured) finishCapture(charge);
    else cancelCharge(charge, 'other', context);
    await context.objects.save(charge);
    const event = partlyCaptured ? 'charge.succeeded' : 'charge.cancelled';
    await context.events.emit(event, charge, context.now, context.request);
  }
}

/** The statuses a booking moves through by itself or by an update, in their order. */
const FORWARD = ['pending', 'confirmed', 'completed'];
/** The statuses after which a booking takes only `metadata` changes, with their refusal. */
const CLOSED: Record<string, string> = {
  cancelled: 'booking_cancelled',
  completed: 'booking_completed',
};

/** Refuses a change a booking no longer takes, or a status that moves backwards. */
function requireChangeable(before: SandboxObject, context: RequestContext) {
  const code = CLOSED[String(before.status)];
  const changed = Object.keys(context.body).filter((field) => field !== 'metadata');
  if (code && changed.length > 0) {
    throw new SandboxError(
      code,
      `The booking ${String(before.id)} is ${String(before.status)}: it takes only metadata changes.`,
      changed[0]!,
    );
  }
  const to = context.body.status;
  if (to !== undefined && FORWARD.indexOf(String(to)) < FORWARD.indexOf(String(before.status))) {
    throw new SandboxError(
      'parameter_invalid',
      `The status parameter only moves forward: the booking ${String(before.id)} is already ${String(before.status)}.`,
      'status',
    );
  }
}

/** The day after the last day of travel: `return_date`, or `departure_date` for a one-way trip. */
function completionOf(booking: SandboxObject): number {
  const lastDay = String(booking.return_date ?? booking.departure_date);
  return Date.parse(`${lastDay}T00:00:00Z`) + DAY_MS;
}

/**
 * Booking: created in a currency your organisation can charge in, confirmed by an update and
 * completed by one or on its own the day after travel ends, then closed to changes but its
 * metadata; cancelled while pending or confirmed, closing the payments that still wait on it. Its
 * money held until travel stays held, released on its departure date, which an update may move.
 */
export const bookingMachine: Machine = {
  kind: 'booking',
  async create(booking, context) {
    await requireCurrencyEnabled(context, 'charges_enabled');
    return { object: booking, events: [] };
  },
  async update(booking, before, context) {
    requireChangeable(before, context);
    // Money held until travel follows the trip: a new departure date moves its release.
    if (booking.departure_date !== before.departure_date) await moveRelease(context, booking);
    const datesMoved =
      booking.return_date !== before.return_date ||
      booking.departure_date !== before.departure_date;
    if (booking.status !== 'confirmed' || (before.status === 'confirmed' && !datesMoved)) return;
    // The completion follows the trip's dates as they now are; a later change of them voids it.
    return {
      at: completionOf(booking),
      changes: { status: 'completed' },
      events: [],
      given: { departure_date: booking.departure_date, return_date: booking.return_date },
    };
  },
  actions: {
    async cancel(booking, context) {
      Object.assign(booking, {
        status: 'cancelled',
        cancellation_reason: context.body.cancellation_reason ?? null,
      });
      await closeOpenPayments(booking.id, context);
      return { object: booking, events: [] };
    },
  },
};
