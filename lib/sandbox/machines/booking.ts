import { SandboxError } from '../errors';
import type { Machine, SandboxContext } from './types';

/** Closes what still waits on a cancelled booking: active payment links and scheduled payments. */
async function closeOpenPayments(bookingId: unknown, context: SandboxContext) {
  const closing: [kind: string, from: string, to: string][] = [
    ['payment_link', 'active', 'deactivated'],
    ['scheduled_payment', 'scheduled', 'cancelled'],
  ];
  for (const [kind, from, to] of closing) {
    for (const object of await context.objects.all(kind)) {
      if (object.booking_id !== bookingId || object.status !== from) continue;
      object.status = to;
      await context.objects.save(object);
    }
  }
}

/** Booking: cancelled while pending or confirmed, closing the payments that still wait on it. */
export const bookingMachine: Machine = {
  kind: 'booking',
  actions: {
    async cancel(booking, context) {
      if (booking.status === 'cancelled') {
        throw new SandboxError('booking_cancelled', `The booking ${booking.id} is cancelled.`);
      }
      if (booking.status === 'completed') {
        throw new SandboxError('booking_completed', `The booking ${booking.id} is completed.`);
      }
      Object.assign(booking, {
        status: 'cancelled',
        amount_due: 0,
        cancellation_reason: context.body.cancellation_reason ?? null,
      });
      await closeOpenPayments(booking.id, context);
      return { object: booking, events: ['booking.cancelled'] };
    },
  },
};
