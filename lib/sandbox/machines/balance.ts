import { SandboxError } from '../errors';
import type { SandboxObject } from '../model';
import { timestamp } from '../time';
import type { SandboxContext } from './types';

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

/** Adds to (or, with a negative amount, takes from) the available or pending balance. */
export async function moveBalance(
  context: SandboxContext,
  currency: string,
  type: BalanceType,
  amount: number,
): Promise<void> {
  const balance = await currentBalance(context);
  if (!balance || amount === 0) return;
  const amounts = (balance[type] ?? []) as Amounts;
  const entry = amounts.find((candidate) => candidate.currency === currency);
  if (entry) entry.amount += amount;
  else amounts.push({ amount, currency });
  balance[type] = amounts;
  balance.updated_at = timestamp(context.now);
  await context.objects.save(balance);
}

/**
 * Takes an amount from the available balance, or refuses it, naming `param`, when the balance
 * cannot cover it.
 */
export async function takeAvailable(
  context: SandboxContext,
  amount: number,
  currency: string,
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
  await moveBalance(context, currency, 'available', -amount);
}
