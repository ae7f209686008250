import { SandboxError } from '../errors';
import { decide, refuseIfScenarioErrs, splitEvents } from './outcome';
import { referenced, requireCurrency } from './references';
import type { Machine } from './types';

/** Refund: requested as pending against a captured charge, then succeeded or failed. */
export const refundMachine: Machine = {
  kind: 'refund',
  async create(refund, context) {
    refuseIfScenarioErrs(context);
    const charge = await referenced(context, 'charge_id');
    requireCurrency(charge, context.body.currency);
    if (charge.disputed === true) {
      throw new SandboxError(
        'charge_disputed',
        `The charge ${charge.id} is under a chargeback.`,
        'charge_id',
      );
    }
    // The document's rules have refused an amount above what is left, and a charge with nothing left.
    const refundable = Number(charge.amount_captured ?? 0) - Number(charge.amount_refunded ?? 0);
    const amount = Number(context.body.amount ?? refundable);
    Object.assign(refund, {
      amount,
      currency: charge.currency,
      booking_id: charge.booking_id,
      status: 'pending',
      failure_code: null,
    });
    charge.amount_refunded = Number(charge.amount_refunded ?? 0) + amount;
    await context.objects.save(charge);
    const outcome = decide(context, 'refund', {
      status: 'succeeded',
      failureCode: null,
      events: ['refund.created', 'refund.succeeded'],
    });
    const [now, later] = splitEvents(outcome.events, (type) => type === 'refund.created');
    return {
      object: refund,
      events: now,
      later: {
        changes: { status: outcome.status, failure_code: outcome.failureCode },
        events: later,
      },
    };
  },
  async settle(refund, step, context) {
    if (step.changes.status !== 'failed') return;
    // A failed refund returns its amount to the charge's refundable total.
    const charge = await context.objects.find('charge', String(refund.charge_id));
    if (!charge) return;
    charge.amount_refunded = Math.max(
      0,
      Number(charge.amount_refunded ?? 0) - Number(refund.amount),
    );
    await context.objects.save(charge);
  },
};
