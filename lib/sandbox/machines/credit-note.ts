import { SandboxError } from '../errors';
import { referenced } from '../payments/references';
import { timestamp } from '../time';
import { expiryStep } from '../transitions/expiry';
import type { Machine } from './types';

/**
 * Credit note: applied in parts to bookings (of its customer and currency, as its rules say), each
 * lowering the booking's `amount_due`, until nothing remains; voided, it keeps what was applied;
 * expired at its `expires_at` while some credit remains.
 */
export const creditNoteMachine: Machine = {
  kind: 'credit_note',
  async create(note, context) {
    return { object: note, events: [], later: expiryStep(note, context) };
  },
  actions: {
    async apply(note, context) {
      const booking = await referenced(context, 'booking_id');
      const remaining = Number(note.amount_remaining);
      const due = Number(booking.amount_due ?? 0);
      const amount = Number(context.body.amount ?? Math.min(remaining, due));
      if (amount <= 0) {
        throw new SandboxError(
          'amount_too_large',
          `The amount parameter must be more than 0: the booking ${booking.id} has nothing due.`,
          'amount',
        );
      }
      // Its amount_remaining follows from its applications (derivations.ts).
      const status = remaining === amount ? 'applied' : 'partially_applied';
      Object.assign(note, {
        status,
        applications: [
          ...((note.applications as unknown[]) ?? []),
          { booking_id: booking.id, amount, applied_at: timestamp(context.now) },
        ],
      });
      // An expiry waits for the status it was queued in: the credit left expires from this one.
      const later = status === 'partially_applied' ? expiryStep(note, context) : undefined;
      return { object: note, events: [], later };
    },
    async void(note) {
      note.status = 'void';
      return { object: note, events: [] };
    },
  },
};
