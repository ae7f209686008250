import { SandboxError } from '../errors';
import { networkTransactionId } from '../ids';
import { INSTALMENT_COLLECTION_TIME, INSTALMENT_RETRY_DAYS } from '../limits';
import type { SandboxObject } from '../model';
import { savedCardDetails, THREE_D_SECURE } from '../payments/card-details';
import { subsequentUse } from '../payments/initiation';
import { newCharge } from '../payments/new-charge';
import {
  recordPayment,
  referenced,
  requireCurrency,
  requireMinimum,
  requireOpenBooking,
  usableCard,
} from '../payments/references';
import { scenariosWith } from '../scenarios';
import { timestamp } from '../time';
import { refuseIfScenarioErrs, setStatus } from '../transitions/outcome';
import type { Machine, RequestContext, Transition } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;

function requireScheduled(status: unknown) {
  if (status !== 'scheduled') {
    throw new SandboxError(
      'scheduled_payment_not_scheduled',
      `The scheduled payment is ${String(status)}, no longer scheduled.`,
    );
  }
}

/** When an attempt is made: 08:00 UTC on the due date, or on a retry day after it. */
function attemptTime(dueDate: unknown, daysAfter = 0): string {
  return timestamp(
    Date.parse(`${String(dueDate)}${INSTALMENT_COLLECTION_TIME}`) + daysAfter * DAY_MS,
  );
}

/**
 * What the card's scenario says about collecting with it: declined with a code for a number of
 * attempts (the `charge.failed` events it lists), then failed; or collected at the first one.
 */
function collection(context: RequestContext, cardId: unknown) {
  const [scenario] = scenariosWith(context.model.scenarios, 'tokenised_card_id', cardId).filter(
    ({ operation }) => operation === 'createScheduledPayment',
  );
  if (scenario?.outcome.status !== 'failed') return { declineCode: null, declinedAttempts: 0 };
  return {
    declineCode: scenario.outcome.failure_code ?? null,
    declinedAttempts: scenario.outcome.events.filter((type) => type === 'charge.failed').length,
  };
}

/** What collecting with a card past its expiry date comes to: declined for good at once. */
const EXPIRED_CARD = { declineCode: 'expired_card', declinedAttempts: 1 };

/**
 * One collection attempt, as at 08:00 UTC on its day: an off-session charge of the saved card,
 * then `paid`, another `scheduled` retry, or `failed` after the last attempt the card allows.
 */
async function attempt(payment: SandboxObject, context: RequestContext): Promise<Transition> {
  const card = await context.objects.find('tokenised_card', String(payment.tokenised_card_id));
  const { declineCode, declinedAttempts } =
    card?.status === 'expired' ? EXPIRED_CARD : collection(context, payment.tokenised_card_id);
  const number = Number(payment.attempt_count ?? 0) + 1;
  const declined = number <= declinedAttempts;
  const charge = newCharge(context, {
    amount: payment.amount,
    currency: payment.currency,
    booking_id: payment.booking_id,
    customer_id: payment.customer_id,
    tokenised_card_id: payment.tokenised_card_id,
    payment_method_type: 'tokenised_card',
    card: card
      ? savedCardDetails(
          card,
          declineCode === 'authentication_required' ? null : THREE_D_SECURE.notRequired,
        )
      : null,
    off_session: true,
    // An instalment of a booking, on a date the customer agreed to, under the card's agreement.
    initiator: 'merchant',
    merchant_initiated_reason: 'instalment',
    network_transaction_id: networkTransactionId(),
    stored_credential: card ? subsequentUse(card) : null,
    capture: true,
    description: payment.description ?? null,
  });
  payment.attempt_count = number;
  if (!declined) {
    setStatus(charge, 'succeeded', null);
    charge.amount_captured = charge.amount;
    await recordPayment(context, charge, Number(payment.amount));
    Object.assign(payment, { status: 'paid', next_attempt_at: null, charge_id: charge.id });
    return {
      object: payment,
      events: ['charge.succeeded', 'scheduled_payment.paid'],
      related: [charge],
    };
  }
  setStatus(charge, 'failed', declineCode);
  payment.last_failure_code = declineCode;
  const retryDay = INSTALMENT_RETRY_DAYS[number - 1];
  if (number < declinedAttempts && retryDay !== undefined) {
    payment.next_attempt_at = attemptTime(payment.due_date, retryDay);
    return { object: payment, events: ['charge.failed'], related: [charge] };
  }
  Object.assign(payment, { status: 'failed', next_attempt_at: null });
  return {
    object: payment,
    events: ['charge.failed', 'scheduled_payment.failed'],
    related: [charge],
  };
}

/**
 * Scheduled payment: waits for its due date, which in the sandbox is any time the attempt test
 * helper is called; each attempt charges the saved card as the card's scenario decides.
 */
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
      next_attempt_at: attemptTime(payment.due_date),
      last_failure_code: null,
      charge_id: null,
    });
    return { object: payment, events: [] };
  },
  async update(payment, before, context) {
    requireScheduled(before.status);
    if (context.body.tokenised_card_id !== undefined) {
      await usableCard(context, 'tokenised_card_id', payment.customer_id);
    }
    // A new due date starts the attempts again on that day.
    if (context.body.due_date !== undefined) {
      Object.assign(payment, { attempt_count: 0, next_attempt_at: attemptTime(payment.due_date) });
    }
  },
  actions: {
    async cancel(payment) {
      Object.assign(payment, { status: 'cancelled', next_attempt_at: null });
      return { object: payment, events: [] };
    },
    attempt,
  },
};
