import { SandboxError } from '../errors';
import {
  AUTHENTICATION_WINDOW_MS,
  AUTHORISATION_HOLD_MS,
  LAPSING_AUTHORISATION_HOLD_MS,
} from '../limits';
import { timestamp } from '../synthesis';
import { savedCardDetails, THREE_D_SECURE } from './card-details';
import { completeHostedPages } from './hosted';
import { decide, refuseIfScenarioErrs, setStatus, splitEvents, type Outcome } from './outcome';
import {
  recordPayment,
  referenced,
  requireCurrency,
  requireMinimum,
  requireOpenBooking,
  usableCard,
} from './references';
import type { Json, LaterStep, Machine, RequestContext, SandboxContext } from './types';
import type { SandboxObject } from '../model';

/** The page where a customer completes 3-D Secure, as the 3-D Secure guide shows it. */
const AUTHENTICATION_PAGE = 'https://authenticate.kestrelpay.com/';
/** The failure codes of an authorisation that lapsed, and of a failed or needed challenge. */
const LAPSED = 'authorisation_expired';
const AUTHENTICATION_FAILED = 'authentication_failed';
const AUTHENTICATION_REQUIRED = 'authentication_required';

/** What a card authorised and approved leads to: captured at once, or held for capture. */
const approved = (capture: boolean): Outcome => ({
  status: capture ? 'succeeded' : 'requires_capture',
  failureCode: null,
  events: capture ? ['charge.succeeded'] : [],
});

/** Holds an authorisation until `capture_before`, when it lapses with `charge.failed`. */
function hold(charge: SandboxObject, holdMs: number, context: SandboxContext): LaterStep {
  const at = context.now + holdMs;
  charge.capture_before = timestamp(at);
  return {
    at,
    changes: { status: 'failed', failure_code: LAPSED, capture_before: null },
    events: ['charge.failed'],
  };
}

/** Captures an approved charge: its amount is taken and the booking paid. */
async function capture(charge: SandboxObject, amount: number, context: SandboxContext) {
  Object.assign(charge, { amount_captured: amount, capture_before: null });
  await recordPayment(context, charge.booking_id, amount, String(charge.currency));
}

/** Sends the customer to 3-D Secure; without an answer within the hour the charge fails. */
function requireAction(charge: SandboxObject, context: RequestContext): LaterStep {
  const at = context.now + AUTHENTICATION_WINDOW_MS;
  const returnUrl = new URL(String(context.body.return_url));
  returnUrl.searchParams.set('charge_id', String(charge.id));
  charge.next_action = {
    type: 'redirect_to_url',
    redirect_url: `${AUTHENTICATION_PAGE}${String(charge.id)}`,
    return_url: returnUrl.href,
    expires_at: timestamp(at),
  };
  const card = { ...(charge.card as Json), three_d_secure: THREE_D_SECURE.failed };
  return {
    at,
    changes: { status: 'failed', failure_code: AUTHENTICATION_FAILED, next_action: null, card },
    events: ['charge.failed'],
  };
}

/**
 * Writes what the issuer decided onto a new or authenticated charge: captured, held for capture
 * (briefly with the lapsing test card), waiting for 3-D Secure, or failed with its code.
 */
async function authorise(
  charge: SandboxObject,
  outcome: Outcome,
  context: RequestContext,
): Promise<{ events: string[]; later?: LaterStep }> {
  const lapses = outcome.failureCode === LAPSED;
  if (lapses) setStatus(charge, 'requires_capture', null);
  else setStatus(charge, outcome.status, outcome.failureCode);
  switch (charge.status) {
    case 'requires_capture':
      return {
        events: [],
        later: hold(
          charge,
          lapses ? LAPSING_AUTHORISATION_HOLD_MS : AUTHORISATION_HOLD_MS,
          context,
        ),
      };
    case 'requires_action':
      return { events: outcome.events, later: requireAction(charge, context) };
    case 'succeeded': {
      await capture(charge, Number(charge.amount), context);
      // A disputed test card's chargeback opens seconds after the payment.
      const [now, later] = splitEvents(outcome.events, (type) => type.startsWith('charge.'));
      return { events: now, later: later.length ? { changes: {}, events: later } : undefined };
    }
    default:
      return { events: outcome.events };
  }
}

function threeDSecureOf(offSession: boolean, outcome: Outcome) {
  if (outcome.status === 'requires_action' || outcome.failureCode === AUTHENTICATION_REQUIRED) {
    return null;
  }
  return offSession ? THREE_D_SECURE.notRequired : THREE_D_SECURE.authenticated;
}

function refuse(code: string, charge: SandboxObject, expected: string): never {
  throw new SandboxError(code, `The charge is ${String(charge.status)}, not ${expected}.`);
}

/**
 * Charge of a saved card: captured at once or authorised for capture, declined, held for 3-D
 * Secure on-session, or failing off-session when the issuer insists on it, as the test card's
 * scenario says; then captured, cancelled, authenticated or lapsed.
 */
export const chargeMachine: Machine = {
  kind: 'charge',
  async create(charge, context) {
    refuseIfScenarioErrs(context);
    const booking = await referenced(context, 'booking_id');
    requireOpenBooking(booking);
    requireCurrency(booking, context.body.currency);
    await requireMinimum(context, charge.amount, charge.currency);
    const offSession = context.body.off_session !== false;
    if (!offSession && typeof context.body.return_url !== 'string') {
      throw new SandboxError(
        'parameter_missing',
        'The return_url parameter is required when off_session is false.',
        'return_url',
      );
    }
    const card = await usableCard(context, 'tokenised_card_id', booking.customer_id);
    const outcome = decide(context, 'charge', approved(context.body.capture !== false));
    Object.assign(charge, {
      customer_id: booking.customer_id,
      tokenised_card_id: card.id,
      payment_method_type: 'tokenised_card',
      card: savedCardDetails(card, threeDSecureOf(offSession, outcome)),
      off_session: offSession,
      capture: context.body.capture !== false,
      amount_captured: 0,
      amount_refunded: 0,
      capture_before: null,
      next_action: null,
      disputed: false,
      cancellation_reason: null,
      cancelled_at: null,
    });
    return { object: charge, ...(await authorise(charge, outcome, context)) };
  },
  async settle(charge, step, context, related) {
    if (step.changes.status !== 'succeeded') return;
    // A pay-by-bank payment the bank confirmed: the charge is captured and its page paid.
    await recordPayment(context, charge.booking_id, Number(charge.amount), String(charge.currency));
    await completeHostedPages(related, charge, context);
  },
  actions: {
    async capture(charge, context) {
      if (charge.status !== 'requires_capture')
        refuse('charge_not_capturable', charge, 'requires_capture');
      const amount = Number(context.body.amount ?? charge.amount);
      if (amount > Number(charge.amount)) {
        throw new SandboxError(
          'amount_too_large',
          `The capture amount ${amount} is more than the authorised ${String(charge.amount)}.`,
          'amount',
        );
      }
      setStatus(charge, 'succeeded', null);
      await capture(charge, amount, context);
      return { object: charge, events: ['charge.succeeded'] };
    },
    async cancel(charge, context) {
      if (charge.status !== 'requires_capture' && charge.status !== 'requires_action') {
        refuse('charge_not_cancellable', charge, 'requires_capture or requires_action');
      }
      cancelCharge(charge, String(context.body.cancellation_reason ?? 'other'), context);
      return { object: charge, events: ['charge.cancelled'] };
    },
    async authenticate(charge, context) {
      if (charge.status !== 'requires_action') {
        refuse('charge_not_awaiting_authentication', charge, 'requires_action');
      }
      const passed = context.body.result === 'authenticated';
      charge.next_action = null;
      charge.card = {
        ...(charge.card as Json),
        three_d_secure: passed ? THREE_D_SECURE.authenticated : THREE_D_SECURE.failed,
      };
      const outcome: Outcome = passed
        ? approved(charge.capture !== false)
        : { status: 'failed', failureCode: AUTHENTICATION_FAILED, events: ['charge.failed'] };
      return { object: charge, ...(await authorise(charge, outcome, context)) };
    },
  },
};

/** Releases the hold of a charge that took no money, for a reason of `ChargeCancellationReason`. */
export function cancelCharge(charge: SandboxObject, reason: string, context: SandboxContext) {
  setStatus(charge, 'cancelled', null);
  Object.assign(charge, {
    cancellation_reason: reason,
    cancelled_at: timestamp(context.now),
    capture_before: null,
    next_action: null,
    amount_captured: 0,
  });
}
