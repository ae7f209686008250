// The sandbox's balance: what each currency holds in each part, and money moved between the
// parts, each move with the ledger entry that says why.
import { SandboxError } from '../errors';
import type { SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';
import { timestamp } from '../time';
import { writeLedgerEntry, type LedgerCause } from './ledger';

type BalanceType = 'available' | 'pending' | 'reserved';
type Amounts = { amount: number; currency: string }[];

const BALANCE = 'balance';

/** A one-of-a-kind object of the sandbox, such as its balance or your organisation. */
export async function singleton(
  context: SandboxContext,
  kind: string,
): Promise<SandboxObject | undefined> {
  const key = context.model.singletons.get(kind);
  return key === undefined ? undefined : context.objects.find(kind, key);
}

/** The sandbox's balance: as the story left it until a payment or a payout moves it. */
export const currentBalance = (context: SandboxContext) => singleton(context, BALANCE);

/** How much of a currency the balance holds as available or pending, 0 for one never held. */
export async function balanceOf(
  context: SandboxContext,
  currency: string,
  type: BalanceType,
): Promise<number> {
  const balance = await currentBalance(context);
  const amounts = (balance?.[type] ?? []) as Amounts;
  return amounts.find((entry) => entry.currency === currency)?.amount ?? 0;
}

/**
 * Adds to (or, with a negative amount, takes from) a part of the balance, writing the ledger
 * entry that says why; the entry answers, or undefined when nothing moved.
 */
export async function moveBalance(
  context: SandboxContext,
  currency: string,
  type: BalanceType,
  amount: number,
  cause: LedgerCause,
): Promise<SandboxObject | undefined> {
  const balance = await currentBalance(context);
  if (!balance || amount === 0) return undefined;
  const amounts = (balance[type] ?? []) as Amounts;
  let held = amounts.find((candidate) => candidate.currency === currency);
  if (held) held.amount += amount;
  else amounts.push((held = { amount, currency }));
  balance[type] = amounts;
  balance.updated_at = timestamp(context.now);
  await context.objects.save(balance);
  const move = { balanceType: type, amount, currency, balanceAfter: held.amount };
  return writeLedgerEntry(context, move, cause);
}

/**
 * Takes an amount from the available balance, or refuses it, naming `param`, when the balance
 * cannot cover it.
 */
export async function takeAvailable(
  context: SandboxContext,
  amount: number,
  currency: string,
  cause: LedgerCause,
  param = 'amount',
) {
  const available = await balanceOf(context, currency, 'available');
  if (available < amount) {
    throw new SandboxError(
      'insufficient_balance',
      `The available ${currency} balance is ${available}, less than ${amount}.`,
      param,
    );
  }
  await moveBalance(context, currency, 'available', -amount, cause);
}
