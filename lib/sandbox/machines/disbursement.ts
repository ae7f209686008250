import { SandboxError } from '../errors';
import { ASYNC_STEP_DELAY_MS } from '../limits';
import type { SandboxObject } from '../model';
import { moveBalance, takeAvailable } from '../money/balance';
import { timestamp } from '../time';
import { decide, refuseIfScenarioErrs } from '../transitions/outcome';
import { spendQuote } from './fx-quote';
import { nextCutOff } from './payout';
import type { Machine, RequestContext, SandboxContext } from './types';

async function requireVerifiedRecipient(context: RequestContext) {
  for (const field of ['supplier_id', 'beneficiary_id']) {
    const id = context.body[field];
    if (typeof id !== 'string') continue;
    const recipient = await context.objects.findById(id);
    if (recipient && recipient.status !== 'verified') {
      throw new SandboxError(
        'recipient_not_verified',
        `The recipient ${id} is ${String(recipient.status)}, not verified.`,
        field,
      );
    }
  }
}

/** The FX quote a disbursement pays with, refused unless it is still `active`. */
async function quoteOf(context: RequestContext): Promise<SandboxObject | undefined> {
  const id = context.body.fx_quote_id;
  return typeof id === 'string' ? context.objects.find('fx_quote', id) : undefined;
}

/** Pays the quote's `buy_amount` from its `sell_currency` balance; the quote is used. */
async function payWithQuote(
  context: RequestContext,
  quote: SandboxObject,
  disbursement: SandboxObject,
) {
  if (quote.status !== 'active') {
    throw new SandboxError(
      'fx_quote_not_active',
      `The FX quote ${String(quote.id)} is ${String(quote.status)}; create a new one.`,
      'fx_quote_id',
    );
  }
  if (disbursement.currency !== quote.buy_currency) {
    throw new SandboxError(
      'currency_mismatch',
      `The currency must be ${String(quote.buy_currency)}, the buy_currency of ${String(quote.id)}.`,
      'currency',
    );
  }
  if (Number(disbursement.amount) !== Number(quote.buy_amount)) {
    throw new SandboxError(
      'parameter_invalid',
      `The amount must be ${String(quote.buy_amount)}, the buy_amount of ${String(quote.id)}.`,
      'amount',
    );
  }
  await spendQuote(context, quote, paidOut(disbursement), 'fx_quote_id');
  Object.assign(quote, { status: 'used', used_by: disbursement.id });
  await context.objects.save(quote);
}

/** Returns what a failed or cancelled disbursement took: in the quote's currency when it had one. */
async function giveBack(context: SandboxContext, disbursement: SandboxObject) {
  const quote = disbursement.fx_quote_id
    ? await context.objects.find('fx_quote', String(disbursement.fx_quote_id))
    : undefined;
  const [currency, amount] = quote
    ? [String(quote.sell_currency), Number(quote.sell_amount)]
    : [String(disbursement.currency), Number(disbursement.amount)];
  await moveBalance(context, currency, 'available', amount, {
    ...paidOut(disbursement),
    description: `Disbursement ${String(disbursement.id)} given back`,
  });
}

/** The ledger's cause of money a disbursement takes. */
const paidOut = (disbursement: SandboxObject) => ({
  type: 'disbursement',
  source: String(disbursement.id),
  description: `Disbursement ${String(disbursement.id)}`,
});

/** Longest bank statement reference a disbursement carries (documented). */
const MAX_REFERENCE_CHARACTERS = 18;

/**
 * The statement reference when none is sent: the booking component's `supplier_reference`, cut to
 * 18 characters, or else the disbursement's ID.
 */
async function referenceOf(disbursement: SandboxObject, context: RequestContext) {
  const componentId = disbursement.booking_component_id;
  const component = componentId
    ? await context.objects.find('booking_component', String(componentId))
    : undefined;
  const supplierReference = component?.supplier_reference;
  return typeof supplierReference === 'string'
    ? supplierReference.slice(0, MAX_REFERENCE_CHARACTERS)
    : String(disbursement.id);
}

/**
 * Disbursement: taken from the available balance and `pending`, then `paid` or `failed` (the
 * amount back in the balance) after the asynchronous delay, or at the next cut-off for the held
 * test amount; cancellable while pending.
 */
export const disbursementMachine: Machine = {
  kind: 'disbursement',
  async create(disbursement, context) {
    refuseIfScenarioErrs(context);
    await requireVerifiedRecipient(context);
    const quote = await quoteOf(context);
    if (quote) await payWithQuote(context, quote, disbursement);
    else {
      const [amount, currency] = [Number(disbursement.amount), String(disbursement.currency)];
      await takeAvailable(context, amount, currency, paidOut(disbursement));
    }
    // The sandbox's bank pays seconds after the disbursement is made, or, for the held test
    // amount, at the next cut-off, as a real bank would.
    const held = context.scenario?.outcome.status === 'pending';
    const paidAt = held ? nextCutOff(context.now) : context.now + ASYNC_STEP_DELAY_MS;
    Object.assign(disbursement, {
      status: 'pending',
      failure_code: null,
      paid_at: null,
      reference: context.body.reference ?? (await referenceOf(disbursement, context)),
      expected_arrival_date: timestamp(paidAt).slice(0, 10),
    });
    if (held) {
      const later = { at: paidAt, changes: { status: 'paid', paid_at: timestamp(paidAt) } };
      return {
        object: disbursement,
        events: [],
        later: { ...later, events: ['disbursement.paid'] },
      };
    }
    const outcome = decide(context, 'disbursement', {
      status: 'paid',
      failureCode: null,
      events: ['disbursement.paid'],
    });
    const changes: Record<string, unknown> = {
      status: outcome.status,
      failure_code: outcome.failureCode,
    };
    if (outcome.status === 'paid') changes.paid_at = timestamp(context.now + ASYNC_STEP_DELAY_MS);
    return { object: disbursement, events: [], later: { changes, events: outcome.events } };
  },
  async settle(disbursement, step, context) {
    if (step.changes.status !== 'failed') return;
    await giveBack(context, disbursement);
  },
  actions: {
    async cancel(disbursement, context) {
      Object.assign(disbursement, { status: 'cancelled', expected_arrival_date: null });
      await giveBack(context, disbursement);
      return { object: disbursement, events: [] };
    },
  },
};
