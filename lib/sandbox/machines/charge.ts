import { SandboxError } from '../errors';
import {
  approved,
  AUTHENTICATION_FAILED,
  authorise,
  cancelCharge,
  capture,
  finishCapture,
  grantsExtendedAuthorisation,
  increment,
  lapseAfterCapture,
  threeDSecureOf,
} from '../payments/authorisation';
import { savedCardDetails, THREE_D_SECURE } from '../payments/card-details';
import { completeHostedPages } from '../payments/hosted';
import {
  answeredBy,
  initiationFields,
  initiationOf,
  requireExemptionAllowed,
  subsequentUse,
} from '../payments/initiation';
import { UNAUTHORISED_CHARGE } from '../payments/new-charge';
import {
  recordPayment,
  referenced,
  requireCurrency,
  requireMinimum,
  requireOpenBooking,
  usableCard,
} from '../payments/references';
import { requireSettlementQuote } from '../payments/settlement-quote';
import { requireTravelData, requireTravelDataUpdate } from '../payments/travel-data';
import { decide, refuseIfScenarioErrs, type Outcome } from '../transitions/outcome';
import type { Json, Machine } from './types';

/** Whether the issuer approved: the charge is captured or held for capture. */
const isApproval = ({ status }: Outcome) => status === 'succeeded' || status === 'requires_capture';

/** A challenge the merchant insisted on: the customer must authenticate before the issuer decides. */
const CHALLENGE: Outcome = { status: 'requires_action', failureCode: null, events: [] };

/**
 * Charge of a saved card: captured at once or authorised for capture, declined, held for 3-D
 * Secure on-session (always, with `force_challenge`), or failing off-session when the issuer
 * insists on it, as the test card's scenario says; then captured, cancelled, authenticated or
 * lapsed. A phone order or a charge you start carries the card's stored agreement.
 */
export const chargeMachine: Machine = {
  kind: 'charge',
  async create(charge, context) {
    refuseIfScenarioErrs(context);
    const booking = await referenced(context, 'booking_id');
    requireOpenBooking(booking);
    requireCurrency(booking, context.body.currency);
    await requireMinimum(context, charge.amount, charge.currency);
    const initiation = initiationOf(context.body);
    const { offSession } = initiation;
    requireExemptionAllowed(context.body);
    requireTravelData(context.body);
    if (!offSession && typeof context.body.return_url !== 'string') {
      throw new SandboxError(
        'parameter_missing',
        'The return_url parameter is required when off_session is false.',
        'return_url',
      );
    }
    if (context.body.extended_authorisation === true && context.body.capture !== false) {
      throw new SandboxError(
        'parameter_invalid',
        'extended_authorisation applies only with capture false: a charge captured at once holds nothing.',
        'extended_authorisation',
      );
    }
    await requireSettlementQuote(context);
    const card = await usableCard(context, 'tokenised_card_id', booking.customer_id);
    const decided = decide(context, 'charge', approved(context.body.capture !== false));
    const outcome =
      context.body.force_challenge === true && isApproval(decided) ? CHALLENGE : decided;
    const exemption = context.body.request_exemption as string | undefined;
    Object.assign(charge, UNAUTHORISED_CHARGE, {
      customer_id: booking.customer_id,
      tokenised_card_id: card.id,
      payment_method_type: 'tokenised_card',
      card: savedCardDetails(card, threeDSecureOf(offSession, outcome, card.id, exemption)),
      off_session: offSession,
      ...initiationFields(initiation),
      stored_credential: subsequentUse(card),
      fx_quote_id: context.body.fx_quote_id ?? null,
      capture: context.body.capture !== false,
      extended_authorisation:
        context.body.extended_authorisation === true && grantsExtendedAuthorisation(card.brand),
    });
    const result = await authorise(charge, outcome, context);
    charge.network_transaction_id = answeredBy(charge.status, charge.failure_code);
    // Only a charge that settles uses its quote.
    if (charge.status !== 'succeeded') charge.fx_quote_id = null;
    return { object: charge, ...result };
  },
  async update(charge, before, context) {
    await requireTravelDataUpdate(charge, before, context);
  },
  async settle(charge, step, context, related) {
    if (step.changes.status !== 'succeeded' || charge.payment_method_type !== 'pay_by_bank') return;
    // A pay-by-bank payment the bank confirmed: the charge is captured and its page paid.
    await recordPayment(context, charge, Number(charge.amount));
    await completeHostedPages(related, charge, context);
  },
  actions: {
    async capture(charge, context) {
      const left = Number(charge.amount) - Number(charge.amount_captured ?? 0);
      const amount = Number(context.body.amount ?? left);
      if (amount > left) {
        throw new SandboxError(
          'amount_too_large',
          `The capture amount ${amount} is more than the ${left} left to capture.`,
          'amount',
        );
      }
      await capture(charge, amount, context);
      if (context.body.final_capture === false && amount < left) {
        return {
          object: charge,
          events: ['charge.partially_captured'],
          later: lapseAfterCapture(charge),
        };
      }
      finishCapture(charge);
      return { object: charge, events: ['charge.succeeded'] };
    },
    async increment_authorisation(charge, context) {
      if (charge.extended_authorisation !== true) {
        throw new SandboxError(
          'charge_not_incrementable',
          `The charge ${String(charge.id)} holds a standard authorisation, which cannot be raised. Take the extra as a separate charge.`,
        );
      }
      refuseIfScenarioErrs(context);
      return {
        object: charge,
        events: [],
        later: increment(charge, Number(context.body.amount), context),
      };
    },
    async cancel(charge, context) {
      if (Number(charge.amount_captured ?? 0) > 0) {
        throw new SandboxError(
          'charge_not_cancellable',
          `Part of the charge ${String(charge.id)} is captured: release the rest with a final capture.`,
        );
      }
      cancelCharge(charge, String(context.body.cancellation_reason ?? 'other'), context);
      return { object: charge, events: ['charge.cancelled'] };
    },
    async authenticate(charge, context) {
      const passed = context.body.result === 'authenticated';
      charge.next_action = null;
      charge.card = {
        ...(charge.card as Json),
        three_d_secure: passed ? THREE_D_SECURE.authenticated : THREE_D_SECURE.failed,
      };
      const outcome: Outcome = passed
        ? approved(charge.capture !== false)
        : { status: 'failed', failureCode: AUTHENTICATION_FAILED, events: ['charge.failed'] };
      const result = await authorise(charge, outcome, context);
      charge.network_transaction_id = answeredBy(charge.status, charge.failure_code);
      return { object: charge, ...result };
    },
  },
};
