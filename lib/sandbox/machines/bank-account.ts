import { verificationMachine } from '../banking/verification';
import { SandboxError } from '../errors';
import { SANDBOX_BANK_NAME } from '../limits';
import type { SandboxObject } from '../model';
import { balanceOf } from '../money/balance';
import type { Machine, SandboxContext } from './types';

const checked = verificationMachine('bank_account');

/** The parts of the balance in which you can hold money of a currency. */
const BALANCE_PARTS = ['available', 'pending', 'reserved'] as const;

/** The other accounts of the account's currency that are its default (one at most). */
async function otherDefaults(context: SandboxContext, account: SandboxObject) {
  const accounts = await context.objects.all('bank_account');
  return accounts.filter(
    (other) =>
      other.id !== account.id &&
      other.currency === account.currency &&
      other.default_for_currency === true,
  );
}

/** Whether the balance holds money of the currency in any of its parts. */
async function holdsBalanceIn(context: SandboxContext, currency: string) {
  for (const part of BALANCE_PARTS) {
    if ((await balanceOf(context, currency, part)) !== 0) return true;
  }
  return false;
}

/**
 * One of your bank accounts, whose account number cannot be edited: the first in its currency to
 * be verified becomes that currency's default, another `verified` one can take the default over,
 * and the default of a currency you hold a balance in cannot be deleted.
 */
export const bankAccountMachine: Machine = {
  ...checked,
  async create(account, context) {
    const transition = await checked.create!(account, context);
    Object.assign(account, { default_for_currency: false, bank_name: SANDBOX_BANK_NAME });
    return transition;
  },
  async settle(account, step, context) {
    if (step.changes.status !== 'verified') return;
    if ((await otherDefaults(context, account)).length === 0) account.default_for_currency = true;
  },
  async update(account, before, context) {
    if (context.body.default_for_currency !== true) return;
    if (before.status !== 'verified') {
      throw new SandboxError(
        'bank_account_not_verified',
        `The bank account ${String(before.id)} is ${String(before.status)}, and only a verified account can become the default for its currency. Wait for bank_account.verified, then send default_for_currency again.`,
        'default_for_currency',
      );
    }
    // The flag moves: the previous default of the currency gives it up.
    for (const previous of await otherDefaults(context, account)) {
      previous.default_for_currency = false;
      await context.objects.save(previous);
    }
  },
  async remove(account, context) {
    const currency = String(account.currency);
    if (account.default_for_currency !== true || !(await holdsBalanceIn(context, currency))) return;
    throw new SandboxError(
      'bank_account_is_default',
      `The bank account ${String(account.id)} is the default for ${currency}, in which you hold a balance. Make another verified ${currency} account the default first (send default_for_currency true to Update a bank account), then delete this one.`,
    );
  },
};
