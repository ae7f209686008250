import { SandboxError } from '../errors';
import type { SandboxObject } from '../model';
import { scenariosWith } from '../scenarios';
import { THREE_D_SECURE, typedCardDetails } from './card-details';
import { cardExpiryStep, issuerReports, issuerReportStep, reportedExpiry } from './issuer-reports';
import { newCharge } from './new-charge';
import { newObject } from './new-object';
import { answeredBy, FIRST_USE } from './initiation';
import { refuseIfScenarioErrs, setStatus, type Outcome } from './outcome';
import { recordPayment } from './references';
import type { Json, RequestContext, SandboxContext, Transition } from './types';

/**
 * A hosted page's object (payment link, checkout order): the status it is paid in, the status
 * after, and the event that tells of it.
 */
type HostedPage = { payable: string; paid: string; paidEvent: string; notPayableCode: string };

const HOSTED_PAGES: Record<string, HostedPage> = {
  payment_link: {
    payable: 'active',
    paid: 'paid',
    paidEvent: 'payment_link.paid',
    notPayableCode: 'payment_link_not_active',
  },
  ecommerce_order: {
    payable: 'open',
    paid: 'completed',
    paidEvent: 'ecommerce_order.completed',
    notPayableCode: 'ecommerce_order_not_open',
  },
};

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
function outcomeOf(context: RequestContext, field: string, value: string): Outcome {
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

/** Marks hosted pages paid by a successful charge, with the page's own event sent after it. */
export async function completeHostedPages(
  pages: SandboxObject[],
  charge: SandboxObject,
  context: SandboxContext,
): Promise<string[]> {
  const events: string[] = [];
  for (const page of pages) {
    const hosted = HOSTED_PAGES[page.object];
    if (!hosted) continue;
    Object.assign(page, { status: hosted.paid, charge_id: charge.id });
    if ('tokenised_card_id' in page) page.tokenised_card_id = charge.tokenised_card_id;
    events.push(hosted.paidEvent);
    await context.objects.save(page);
  }
  return events;
}

/** Whether a pay-by-bank payment on the page is still being confirmed by the bank. */
async function bankPaymentPending(page: SandboxObject, context: SandboxContext) {
  const charges = await context.objects.all('charge');
  return charges.some(
    (charge) =>
      charge.status === 'pending' &&
      charge.payment_method_type === 'pay_by_bank' &&
      charge.booking_id === page.booking_id &&
      charge.amount === page.amount,
  );
}

/**
 * Pays a hosted page as a customer would (a sandbox test helper) and answers the charge: a test
 * card decides at once, saving the card when both the page and the customer agree (and its
 * issuer reports on the saved card seconds later when the card's scenario says so); a test bank
 * leaves the charge `pending` until the bank confirms seconds later. A declined payment leaves
 * the page payable.
 */
export async function payHostedPage(
  page: SandboxObject,
  context: RequestContext,
): Promise<Transition> {
  refuseIfScenarioErrs(context);
  const hosted = HOSTED_PAGES[page.object]!;
  if (page.status !== hosted.payable || (await bankPaymentPending(page, context))) {
    throw new SandboxError(
      hosted.notPayableCode,
      `The ${page.object.replaceAll('_', ' ')} is ${String(page.status)}, or a bank payment on it is being confirmed.`,
    );
  }
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
  const wallet = WALLETS.has(type) ? type : null;
  const typed = outcomeOf(context, field, value);
  const outcome = wallet ? walletOutcome(typed) : typed;
  const failed = outcome.status === 'failed' ? outcome.failureCode : null;
  const reports = type === 'card' ? issuerReports(context, value) : [];
  const charge = newCharge(context, {
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
  if (type === 'pay_by_bank') {
    // Nothing is captured until the bank confirms.
    setStatus(charge, 'pending', null);
    charge.amount_captured = 0;
    const succeeded = outcome.status === 'succeeded';
    const changes = {
      status: outcome.status,
      failure_code: outcome.failureCode,
      amount_captured: succeeded ? charge.amount : 0,
    };
    const pageEvent = succeeded ? [hosted.paidEvent] : [];
    return {
      object: charge,
      events: [],
      later: { changes, events: [...outcome.events, ...pageEvent], related: [String(page.id)] },
    };
  }
  setStatus(charge, outcome.status, outcome.failureCode);
  if (outcome.status !== 'succeeded') return { object: charge, events: outcome.events };
  charge.amount_captured = charge.amount;
  // A wallet gives a token of its card for later payments too, so it is saved like a typed one.
  if (page.save_card === true && context.body.save_card === true) {
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
  await recordPayment(context, charge, Number(page.amount));
  const pageEvents = await completeHostedPages([page], charge, context);
  return { object: charge, events: [...outcome.events, ...pageEvents], related: [page] };
}
