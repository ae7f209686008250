import { SandboxError } from '../errors';
import type { SandboxObject } from '../model';
import { moveBalance } from '../money/balance';
import { cardBrandOf, takeFromBooking } from '../money/funds';
import { recordTransaction, settleTransaction } from '../money/settlements';
import { referenced, requireCurrency } from '../payments/references';
import { decide, refuseIfScenarioErrs, splitEvents } from '../transitions/outcome';
import type { Machine, SandboxContext } from './types';

/** Whether a chargeback gave its amount back to the cardholder: lost, past the inquiry stage. */
const returnedToCardholder = (chargeback: SandboxObject) =>
  chargeback.status === 'lost' && chargeback.stage !== 'inquiry';

/** What lost chargebacks on a charge gave back to the cardholder. */
async function lostChargebacks(charge: SandboxObject, context: SandboxContext): Promise<number> {
  const chargebacks = await context.objects.all('chargeback');
  return chargebacks
    .filter((chargeback) => chargeback.charge_id === charge.id && returnedToCardholder(chargeback))
    .reduce((total, chargeback) => total + Number(chargeback.amount ?? 0), 0);
}

/** Refund: requested as pending against a captured charge, then succeeded or failed. */
/** The ledger's cause of a refund's move. */
const refunded = (refund: SandboxObject) => ({
  type: 'refund',
  source: String(refund.id),
  description: `Refund ${String(refund.id)}`,
});

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
    // The document's rules have refused an amount above what is left, and a charge with nothing left;
    // what a lost chargeback gave back to the cardholder is not refundable a second time.
    const chargedBack = await lostChargebacks(charge, context);
    const refundable =
      Number(charge.amount_captured ?? 0) - Number(charge.amount_refunded ?? 0) - chargedBack;
    const amount = Number(context.body.amount ?? refundable);
    if (amount > refundable || refundable <= 0) {
      throw new SandboxError(
        refundable > 0 ? 'amount_too_large' : 'charge_already_refunded',
        `At most ${Math.max(0, refundable)} of ${String(charge.id)} can be refunded: a lost chargeback returned ${chargedBack} to the cardholder.`,
        refundable > 0 ? 'amount' : 'charge_id',
      );
    }
    Object.assign(refund, {
      amount,
      currency: charge.currency,
      booking_id: charge.booking_id,
      status: 'pending',
      failure_code: null,
    });
    charge.amount_refunded = Number(charge.amount_refunded ?? 0) + amount;
    // Refunded in full, the charge can no longer become the chargeback a fraud warning foretold.
    if (charge.fraud_warning && amount === refundable) {
      charge.fraud_warning = { ...(charge.fraud_warning as object), actionable: false };
    }
    await context.objects.save(charge);
    // Until the acquirer nets it from a settlement, a refund waits in the pending balance.
    await moveBalance(context, String(charge.currency), 'pending', -amount, refunded(refund));
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
    const { status } = step.changes;
    const [amount, currency] = [Number(refund.amount), String(refund.currency)];
    // A succeeded refund reached the customer: the acquirer nets its transaction from a
    // settlement, out of pending and from its booking's reserved money first.
    if (status === 'succeeded') {
      const charge = await context.objects.find('charge', String(refund.charge_id));
      const transaction = await recordTransaction(context, {
        type: 'refund',
        source: String(refund.id),
        amount: -amount,
        currency,
        cardBrand: cardBrandOf(charge),
      });
      await settleTransaction(context, transaction, async (cause) => {
        await moveBalance(context, currency, 'pending', amount, cause);
        return takeFromBooking(context, refund.booking_id, amount, currency, cause);
      });
      return;
    }
    if (status !== 'failed') return;
    await moveBalance(context, currency, 'pending', amount, {
      ...refunded(refund),
      description: `Refund ${String(refund.id)} failed`,
    });
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
