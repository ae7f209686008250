import { SandboxError } from '../errors';
import { timestamp } from '../synthesis';
import { decide, refuseIfScenarioErrs, setStatus } from './outcome';
import {
  recordPayment,
  referenced,
  requireCurrency,
  requireMinimum,
  requireOpenBooking,
  usableCard,
} from './references';
import type { Machine, RequestContext } from './types';

/** How long an uncaptured authorisation holds (the documented seven days). */
const AUTHORISATION_HOLD_MS = 7 * 24 * 60 * 60 * 1000;

function notCapturable(context: RequestContext, status: unknown): never {
  const code = context.operation.errors.find(
    (error) => context.model.errors.get(error)?.status === 409,
  );
  throw new SandboxError(
    code ?? 'charge_not_capturable',
    `The charge is ${String(status)}, not requires_capture.`,
  );
}

/** Charge: authorised or captured at once, declined by scenario, captured or cancelled later. */
export const chargeMachine: Machine = {
  kind: 'charge',
  async create(charge, context) {
    refuseIfScenarioErrs(context);
    const booking = await referenced(context, 'booking_id');
    requireOpenBooking(booking);
    requireCurrency(booking, context.body.currency);
    await requireMinimum(context, charge.amount, charge.currency);
    const card = await usableCard(context, 'payment_method', booking.customer_id);
    const capture = context.body.capture !== false;
    Object.assign(charge, {
      customer_id: booking.customer_id,
      payment_method: card.id,
      amount_refunded: 0,
      disputed: false,
    });
    const outcome = decide(context, 'charge', {
      status: capture ? 'succeeded' : 'requires_capture',
      failureCode: null,
      events: capture ? ['charge.succeeded'] : [],
    });
    setStatus(context.model, charge, outcome.status, outcome.failureCode);
    charge.amount_captured = outcome.status === 'succeeded' ? charge.amount : 0;
    charge.capture_before =
      outcome.status === 'requires_capture' ? timestamp(context.now + AUTHORISATION_HOLD_MS) : null;
    if (outcome.status === 'succeeded')
      await recordPayment(context, booking.id, Number(charge.amount));
    return { object: charge, events: outcome.events };
  },
  spawned(charge) {
    const captured = charge.status === 'succeeded' ? charge.amount : 0;
    Object.assign(charge, {
      amount_captured: captured,
      amount_refunded: 0,
      capture: true,
      capture_before: null,
      disputed: false,
    });
  },
  actions: {
    async capture(charge, context) {
      if (charge.status !== 'requires_capture') notCapturable(context, charge.status);
      const amount = Number(context.body.amount ?? charge.amount);
      if (amount > Number(charge.amount)) {
        throw new SandboxError(
          'amount_too_large',
          `The capture amount ${amount} is more than the authorised ${String(charge.amount)}.`,
          'amount',
        );
      }
      Object.assign(charge, { amount_captured: amount, capture_before: null });
      setStatus(context.model, charge, 'succeeded', null);
      await recordPayment(context, charge.booking_id, amount);
      return { object: charge, events: ['charge.succeeded'] };
    },
    async cancel(charge, context) {
      if (charge.status !== 'requires_capture' && charge.status !== 'requires_action') {
        notCapturable(context, charge.status);
      }
      const example = context.operation.example as { status?: string } | undefined;
      const status = example?.status ?? 'cancelled';
      Object.assign(charge, { status, capture_before: null, amount_captured: 0 });
      return { object: charge, events: [`charge.${status}`] };
    },
  },
};
