// The acquirer's side of card payments in the sandbox: a transaction for each capture, refund
// and chargeback, and the settlement that batches it, with the ledger entries that move its
// money out of `pending`, as the Transactions, Acquirer settlements and Ledger pages describe.
import { construct } from '../construct';
import { ACQUIRING_FEE_BPS } from '../limits';
import type { SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';
import { timestamp } from '../time';
import type { LedgerCause } from './ledger';

/** The sandbox acquirer's fee on a captured card payment, rounded half up to a minor unit. */
export const acquiringFee = (amount: number) => Math.round((amount * ACQUIRING_FEE_BPS) / 10_000);

type Line = {
  type: 'charge' | 'refund' | 'chargeback' | 'chargeback_reversal';
  source: string;
  amount: number;
  currency: string;
  cardBrand: string | null;
};

/** Records one line of card processing, `pending` until a settlement batches it. */
export async function recordTransaction(context: SandboxContext, line: Line) {
  const fee = line.type === 'charge' && line.cardBrand !== null ? acquiringFee(line.amount) : 0;
  const transaction = construct(context.model, 'transaction', {
    given: {
      type: line.type,
      source_id: line.source,
      settlement_id: null,
      amount: line.amount,
      fee_amount: fee,
      net_amount: line.amount - fee,
      currency: line.currency,
      card_brand: line.cardBrand,
      status: 'pending',
      settled_at: null,
    },
    key: context.newId('transaction'),
    now: context.now,
  });
  await context.objects.save(transaction);
  return transaction;
}

/** The acquirer's reference of a batch, as on their reports. */
const batchReference = (id: string) => `BATCH-${id.slice(id.indexOf('_') + 1).toUpperCase()}`;

/**
 * Settles a transaction in a batch of its own, paid at once as the sandbox's acquirer pays: the
 * settlement, and its ledger entries made by `move`, which takes the settlement's cause and
 * answers the entry that credits (or debits) its net amount. Answers the settlement.
 */
export async function settleTransaction(
  context: SandboxContext,
  transaction: SandboxObject,
  move: (cause: LedgerCause, net: number) => Promise<SandboxObject | undefined>,
): Promise<SandboxObject> {
  const id = context.newId('acquirer_settlement');
  const [gross, fee] = [Number(transaction.amount), Number(transaction.fee_amount)];
  const reference = batchReference(id);
  const cause = { type: 'settlement', source: id, description: `Acquirer settlement ${reference}` };
  const credited = await move(cause, gross - fee);
  const settlement = construct(context.model, 'acquirer_settlement', {
    given: {
      status: 'paid',
      currency: transaction.currency,
      gross_amount: gross,
      fee_amount: fee,
      net_amount: gross - fee,
      transaction_count: 1,
      acquirer_reference: reference,
      period_start: transaction.created_at,
      period_end: timestamp(context.now),
      paid_at: timestamp(context.now),
      ledger_entry_id: credited?.id ?? null,
    },
    key: id,
    now: context.now,
  });
  await context.objects.save(settlement);
  Object.assign(transaction, {
    status: 'settled',
    settlement_id: id,
    settled_at: timestamp(context.now),
  });
  await context.objects.save(transaction);
  return settlement;
}
