// The charge a customer's payment on a hosted page makes: the way to pay and the test card or
// bank that decides it, the card's details and 3-D Secure, and the card saved for later payments.
import { SandboxError } from '../errors';
import type { Json, RequestContext, SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';
import { scenariosWith } from '../scenarios';
import { newObject } from '../transitions/new-object';
import type { Outcome } from '../transitions/outcome';
import { THREE_D_SECURE, typedCardDetails } from './card-details';
import { answeredBy, FIRST_USE } from './initiation';
import { cardExpiryStep, issuerReportStep, reportedExpiry } from './issuer-reports';
import { newCharge } from './new-charge';

/** The field of `HostedPagePayment` that decides the outcome of each way to pay. */
const DECIDING_FIELD: Record<string, string> = {
  card: 'card_number',
  pay_by_bank: 'institution_id',
  apple_pay: 'card_number',
  google_pay: 'card_number',
};

/** The ways to pay with a card in a wallet, which the device authenticates: no challenge. */
const WALLETS = new Set(['apple_pay', 'google_pay']);

/**
 * `card.three_d_secure` of a wallet payment: the device authenticated the customer, which meets
 * SCA and shifts the liability, and 3-D Secure never ran, so there is no protocol version.
 */
const DEVICE_AUTHENTICATED = { ...THREE_D_SECURE.authenticated, version: null };

/** `card.three_d_secure` of a card payment on a hosted page, by what decided it. */
function hostedThreeDSecure(wallet: string | null, failureCode: string | null) {
  if (wallet) return DEVICE_AUTHENTICATED;
  return failureCode === 'authentication_failed'
    ? THREE_D_SECURE.failed
    : THREE_D_SECURE.authenticated;
}

/**
 * A wallet payment's outcome: the card's, except that the wallet authenticated the customer on
 * their device, so a card that would fail its 3-D Secure challenge is approved.
 */
function walletOutcome(outcome: Outcome): Outcome {
  if (outcome.failureCode !== 'authentication_failed') return outcome;
  return { status: 'succeeded', failureCode: null, events: ['charge.succeeded'] };
}

/**
 * What the test card or test bank decides, from the Testing page's scenarios of either hosted
 * page (every card works on both): the charge's status, failure code and charge events.
 */
function scenarioOutcome(context: RequestContext, field: string, value: string): Outcome {
  const [scenario] = scenariosWith(context.model.scenarios, field, value);
  if (!scenario) {
    throw new SandboxError(
      'parameter_invalid',
      `${value} is not a sandbox test ${field === 'card_number' ? 'card number' : 'bank'}. Use one listed on the Testing page.`,
      field,
    );
  }
  const { status, failure_code: failureCode = null, events } = scenario.outcome;
  return { status, failureCode, events: events.filter((type) => type.startsWith('charge.')) };
}

/** The tokenised card a hosted page saves for its customer, typed or paid through a wallet. */
function savedCard(page: SandboxObject, charge: SandboxObject, context: SandboxContext) {
  const card = { ...(charge.card as Json) };
  delete card.three_d_secure;
  delete card.wallet;
  return newObject(context, 'tokenised_card', {
    ...card,
    network_transaction_id: charge.network_transaction_id,
    customer_id: page.customer_id,
    status: 'active',
    metadata: {},
  });
}

/** How the customer pays, one way the page offers, and the test card or bank that decides it. */
export type HostedPayment = { type: string; field: string; value: string; wallet: string | null };

/** The way to pay sent, refused when the page does not offer it or its field is missing. */
export function paymentSent(page: SandboxObject, context: RequestContext): HostedPayment {
  const type = String(context.body.payment_method_type);
  const field = DECIDING_FIELD[type]!;
  if (!((page.payment_method_types ?? [type]) as string[]).includes(type)) {
    throw new SandboxError(
      'parameter_invalid',
      `The page does not offer ${type}; its payment_method_types are ${String(page.payment_method_types)}.`,
      'payment_method_type',
    );
  }
  const value = context.body[field];
  if (typeof value !== 'string') {
    throw new SandboxError(
      'parameter_missing',
      `The ${field} parameter is required with ${type}.`,
      field,
    );
  }
  return { type, field, value, wallet: WALLETS.has(type) ? type : null };
}

/** What decides the payment: the test card or bank's scenario, as a wallet changes it. */
export function hostedOutcome(context: RequestContext, { field, value, wallet }: HostedPayment) {
  const typed = scenarioOutcome(context, field, value);
  return wallet ? walletOutcome(typed) : typed;
}

/** A hosted page payment's charge: on-session, captured at once, its status not yet set. */
export function hostedCharge(
  page: SandboxObject,
  { type, value, wallet }: HostedPayment,
  outcome: Outcome,
  reports: string[],
  context: RequestContext,
) {
  const failed = outcome.status === 'failed' ? outcome.failureCode : null;
  return newCharge(context, {
    amount: page.amount,
    currency: page.currency,
    booking_id: page.booking_id,
    customer_id: page.customer_id,
    tokenised_card_id: null,
    payment_method_type: type === 'pay_by_bank' ? type : 'card',
    card:
      type === 'pay_by_bank'
        ? null
        : {
            ...typedCardDetails(
              value,
              failed,
              hostedThreeDSecure(wallet, failed),
              context.now,
              reportedExpiry(reports, context.now),
            ),
            wallet,
          },
    off_session: false,
    initiator: 'customer_on_session',
    merchant_initiated_reason: null,
    network_transaction_id:
      type === 'pay_by_bank' ? null : answeredBy(outcome.status, outcome.failureCode),
    stored_credential: null,
    capture: true,
    description: page.description ?? null,
  });
}

/**
 * Saves the card a charge paid with for the page's customer, with its issuer's report seconds
 * later when the card's scenario has one, and its lapse at the end of its expiry month.
 */
export async function saveHostedCard(
  page: SandboxObject,
  charge: SandboxObject,
  reports: string[],
  context: RequestContext,
) {
  const card = savedCard(page, charge, context);
  await context.objects.save(card);
  charge.tokenised_card_id = card.id;
  charge.stored_credential = FIRST_USE;
  const report = issuerReportStep(reports, context.now);
  if (report) await context.schedule(card, report);
  // The card lapses at the end of its expiry month: the reissued one's, when the issuer reports one.
  const expiry = cardExpiryStep({ ...card, ...report?.changes });
  if (expiry) await context.schedule(card, expiry);
}
