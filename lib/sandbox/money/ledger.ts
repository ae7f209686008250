// The ledger: an entry for every move of money in the balance, with why it moved.
import { construct } from '../construct';
import type { SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';

/**
 * What moved money, as the ledger entry says it: its documented `type`, the object behind it
 * (`source_id`), the payout when it is one, and a line for people.
 */
export type LedgerCause = {
  type: string;
  source: string;
  payout?: string;
  description: string;
};

/** Writes the ledger entry of one move of one part of the balance, with what it left there. */
export async function writeLedgerEntry(
  context: SandboxContext,
  move: { balanceType: string; amount: number; currency: string; balanceAfter: number },
  cause: LedgerCause,
): Promise<SandboxObject> {
  const entry = construct(context.model, 'ledger_entry', {
    given: {
      type: cause.type,
      balance_type: move.balanceType,
      amount: move.amount,
      currency: move.currency,
      balance_after: move.balanceAfter,
      source_id: cause.source,
      payout_id: cause.payout ?? null,
      description: cause.description,
    },
    key: context.newId('ledger_entry'),
    now: context.now,
  });
  await context.objects.save(entry);
  return entry;
}
