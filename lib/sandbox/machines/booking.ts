import { cancelCharge, finishCapture } from './authorisation';
import { moveRelease } from './funds';
import type { Machine, SandboxContext } from './types';

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

/**
 * Booking: cancelled while pending or confirmed, closing the payments that still wait on it; its
 * money held until travel stays held, released on its departure date, which an update may move.
 */
export const bookingMachine: Machine = {
  kind: 'booking',
  async update(booking, before, context) {
    // Money held until travel follows the trip: a new departure date moves its release.
    if (booking.departure_date !== before.departure_date) await moveRelease(context, booking);
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
