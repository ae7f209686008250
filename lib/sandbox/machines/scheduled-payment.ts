import { SandboxError } from '../errors';
import { decide, refuseIfScenarioErrs } from './outcome';
import {
  recordPayment,
  referenced,
  requireCurrency,
  requireMinimum,
  requireOpenBooking,
  usableCard,
} from './references';
import type { Machine } from './types';

function requireScheduled(status: unknown) {
  if (status !== 'scheduled') {
    throw new SandboxError(
      'scheduled_payment_not_scheduled',
      `The scheduled payment is ${String(status)}, no longer scheduled.`,
    );
  }
}

/** Scheduled payment: collected from the saved card after the asynchronous delay, or failed by scenario. */
export const scheduledPaymentMachine: Machine = {
  kind: 'scheduled_payment',
  async create(payment, context) {
    refuseIfScenarioErrs(context);
    const booking = await referenced(context, 'booking_id');
    requireOpenBooking(booking);
    requireCurrency(booking, context.body.currency);
    await requireMinimum(context, payment.amount, payment.currency);
    const card = await usableCard(context, 'tokenised_card_id', booking.customer_id);
    Object.assign(payment, {
      customer_id: booking.customer_id,
      tokenised_card_id: card.id,
      status: 'scheduled',
      attempt_count: 0,
      next_attempt_at: null,
      last_failure_code: null,
      charge_id: null,
    });
    const outcome = decide(context, 'scheduled_payment', {
      status: 'paid',
      failureCode: null,
      events: ['charge.succeeded', 'scheduled_payment.paid'],
    });
    return {
      object: payment,
      events: [],
      later: {
        changes: {
          status: outcome.status,
          last_failure_code: outcome.failureCode,
          attempt_count: 1,
        },
        events: outcome.events,
      },
    };
  },
  async settle(payment, step, context) {
    if (step.changes.status === 'paid') {
      await recordPayment(context, payment.booking_id, Number(payment.amount));
    }
  },
  async update(payment, context) {
    requireScheduled(payment.status);
    if (context.body.tokenised_card_id !== undefined) {
      await usableCard(context, 'tokenised_card_id', payment.customer_id);
    }
  },
  actions: {
    async cancel(payment) {
      requireScheduled(payment.status);
      payment.status = 'cancelled';
      return { object: payment, events: ['scheduled_payment.cancelled'] };
    },
  },
};
