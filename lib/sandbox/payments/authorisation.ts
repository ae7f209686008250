// How an issuer's decision becomes a charge's state: captured, held for capture until it lapses,
// waiting for 3-D Secure until it is abandoned, failed, or cancelled before money was taken.
import {
  ASYNC_STEP_DELAY_MS,
  AUTHENTICATION_WINDOW_MS,
  AUTHORISATION_HOLD_MS,
  EXTENDED_AUTHORISATION_HOLD_MS,
  LAPSING_AUTHORISATION_HOLD_MS,
} from '../limits';
import type { Json, LaterStep, RequestContext, SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';
import { timestamp } from '../time';
import { setStatus, splitEvents, type Outcome } from '../transitions/outcome';
import { THREE_D_SECURE } from './card-details';
import { recordPayment } from './references';

/** The page where a customer completes 3-D Secure, as the 3-D Secure guide shows it. */
const AUTHENTICATION_PAGE = 'https://authenticate.kestrelpay.com/';
/** The failure codes of an authorisation that lapsed, and of a failed or needed challenge. */
const LAPSED = 'authorisation_expired';
export const AUTHENTICATION_FAILED = 'authentication_failed';
const AUTHENTICATION_REQUIRED = 'authentication_required';

/** What a card authorised and approved leads to: captured at once, or held for capture. */
export const approved = (capture: boolean): Outcome => ({
  status: capture ? 'succeeded' : 'requires_capture',
  failureCode: null,
  events: capture ? ['charge.succeeded'] : [],
});

/** The card schemes that grant no extended authorisation, so the hold stays at seven days. */
const NO_EXTENDED_AUTHORISATION = new Set(['amex']);
/** The card scheme whose increments move `capture_before` 30 days on. */
const INCREMENT_EXTENDS_HOLD = 'mastercard';

/** Whether the issuer grants an extended authorisation asked for with this card. */
export const grantsExtendedAuthorisation = (brand: unknown) =>
  !NO_EXTENDED_AUTHORISATION.has(String(brand));

/**
 * What becomes of an uncaptured charge at `capture_before`: with nothing captured it fails with
 * `authorisation_expired`; after captures with `"final_capture": false` it succeeds with them
 * and the rest is released. Applies only while its captures and date are still these.
 */
function lapse(charge: SandboxObject): LaterStep {
  const captured = Number(charge.amount_captured ?? 0);
  const given = { amount_captured: captured, capture_before: charge.capture_before };
  const at = Date.parse(String(charge.capture_before));
  return captured > 0
    ? {
        at,
        given,
        changes: { status: 'succeeded', capture_before: null },
        events: ['charge.succeeded'],
        byTime: true,
      }
    : {
        at,
        given,
        changes: { status: 'failed', failure_code: LAPSED, capture_before: null },
        events: ['charge.failed'],
        byTime: true,
      };
}

/** Holds an authorisation until `capture_before`, when it lapses. */
function hold(charge: SandboxObject, holdMs: number, context: SandboxContext): LaterStep {
  charge.capture_before = timestamp(context.now + holdMs);
  return lapse(charge);
}

/** How long a charge's authorisation holds: 30 days when extended, else seven. */
const holdOf = (charge: SandboxObject) =>
  charge.extended_authorisation === true ? EXTENDED_AUTHORISATION_HOLD_MS : AUTHORISATION_HOLD_MS;

/** Takes an amount of an approved charge: more captured, and the booking paid that much more. */
export async function capture(charge: SandboxObject, amount: number, context: SandboxContext) {
  charge.amount_captured = Number(charge.amount_captured ?? 0) + amount;
  // A charge settling at an FX quote arrives in the quote's currency, and uses the quote.
  const quote = charge.fx_quote_id
    ? await context.objects.find('fx_quote', String(charge.fx_quote_id))
    : undefined;
  const into = quote
    ? { currency: String(quote.buy_currency), amount: Number(quote.buy_amount) }
    : undefined;
  await recordPayment(context, charge, amount, into);
  if (quote) {
    Object.assign(quote, { status: 'used', used_by: charge.id });
    await context.objects.save(quote);
  }
}

/** Ends an authorisation with what was captured: `succeeded`, the rest released. */
export function finishCapture(charge: SandboxObject) {
  setStatus(charge, 'succeeded', null);
  charge.capture_before = null;
}

/** After a capture that leaves part held: the charge succeeds with its captures when it lapses. */
export const lapseAfterCapture = (charge: SandboxObject): LaterStep => lapse(charge);

/**
 * Raises an extended authorisation by an amount; a Mastercard's hold starts again for 30 days,
 * so its lapse moves with it.
 */
export function increment(
  charge: SandboxObject,
  amount: number,
  context: SandboxContext,
): LaterStep | undefined {
  charge.amount = Number(charge.amount) + amount;
  const brand = (charge.card as Json | null)?.brand;
  return brand === INCREMENT_EXTENDS_HOLD
    ? hold(charge, EXTENDED_AUTHORISATION_HOLD_MS, context)
    : undefined;
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
    byTime: true,
  };
}

/**
 * Writes what the issuer decided onto a new or authenticated charge: captured, held for capture
 * (briefly with the lapsing test card), waiting for 3-D Secure, or failed with its code.
 */
export async function authorise(
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
        later: hold(charge, lapses ? LAPSING_AUTHORISATION_HOLD_MS : holdOf(charge), context),
      };
    case 'requires_action':
      return { events: outcome.events, later: requireAction(charge, context) };
    case 'succeeded': {
      await capture(charge, Number(charge.amount), context);
      charge.capture_before = null;
      // A disputed test card's chargeback, or its issuer's fraud warning, comes seconds later.
      const [now, later] = splitEvents(
        outcome.events,
        (type) => type.startsWith('charge.') && type !== FRAUD_WARNING_EVENT,
      );
      if (!later.length) return { events: now };
      const warned = later.includes(FRAUD_WARNING_EVENT);
      const changes = warned
        ? { fraud_warning: fraudWarning(context.now + ASYNC_STEP_DELAY_MS) }
        : {};
      return { events: now, later: { changes, events: later } };
    }
    default:
      return { events: outcome.events };
  }
}

/**
 * `card.three_d_secure` of a new charge: none while it waits for, or failed for want of, a
 * challenge; the exemption asked for, which an issuer that answers at all grants.
 */
export function threeDSecureOf(
  offSession: boolean,
  outcome: Outcome,
  cardId: unknown,
  requestedExemption?: string,
) {
  if (outcome.status === 'requires_action' || outcome.failureCode === AUTHENTICATION_REQUIRED) {
    return null;
  }
  if (offSession) return THREE_D_SECURE.notRequired;
  // The test cards whose issuer grants an exemption or takes no part (Testing page).
  if (String(cardId).endsWith('_3ds_exempted')) return THREE_D_SECURE.exempted;
  if (String(cardId).endsWith('_3ds_attempted')) return THREE_D_SECURE.attempted;
  if (requestedExemption) return { ...THREE_D_SECURE.exempted, exemption: requestedExemption };
  return THREE_D_SECURE.authenticated;
}

/** The event of an issuer's early fraud warning about a charge. */
const FRAUD_WARNING_EVENT = 'charge.fraud_warning_received';

/** The warning the sandbox's test card draws: reported stolen, refundable in time. */
const fraudWarning = (at: number) => ({
  fraud_type: 'card_stolen',
  actionable: true,
  received_at: timestamp(at),
});

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
