// The hosted pages a customer pays on (payment links, checkout orders): paying one as the
// customer would, with a test card, a wallet or a test bank, and marking pages paid.
import { SandboxError } from '../errors';
import type { RequestContext, SandboxContext, Transition } from '../machines/types';
import type { SandboxObject } from '../model';
import { refuseIfScenarioErrs, setStatus, type Outcome } from '../transitions/outcome';
import { hostedCharge, hostedOutcome, paymentSent, saveHostedCard } from './hosted-charge';
import { issuerReports } from './issuer-reports';
import { recordPayment } from './references';

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

/** Refuses paying a page out of its payable status, or with a bank payment on it being confirmed. */
async function requirePayable(page: SandboxObject, hosted: HostedPage, context: RequestContext) {
  if (page.status !== hosted.payable || (await bankPaymentPending(page, context))) {
    throw new SandboxError(
      hosted.notPayableCode,
      `The ${page.object.replaceAll('_', ' ')} is ${String(page.status)}, or a bank payment on it is being confirmed.`,
    );
  }
}

/**
 * A payment by bank: the charge `pending`, with nothing captured, until the bank confirms seconds
 * later with the test bank's outcome, and the page's event when it succeeds.
 */
function pendingBankPayment(
  charge: SandboxObject,
  outcome: Outcome,
  page: SandboxObject,
  hosted: HostedPage,
): Transition {
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
  await requirePayable(page, hosted, context);
  const payment = paymentSent(page, context);
  const outcome = hostedOutcome(context, payment);
  const { type, value } = payment;
  const reports = type === 'card' ? issuerReports(context, value) : [];
  const charge = hostedCharge(page, payment, outcome, reports, context);
  if (type === 'pay_by_bank') return pendingBankPayment(charge, outcome, page, hosted);
  setStatus(charge, outcome.status, outcome.failureCode);
  if (outcome.status !== 'succeeded') return { object: charge, events: outcome.events };
  charge.amount_captured = charge.amount;
  // A wallet gives a token of its card for later payments too, so it is saved like a typed one.
  if (page.save_card === true && context.body.save_card === true) {
    await saveHostedCard(page, charge, reports, context);
  }
  await recordPayment(context, charge, Number(page.amount));
  const pageEvents = await completeHostedPages([page], charge, context);
  return { object: charge, events: [...outcome.events, ...pageEvents], related: [page] };
}
