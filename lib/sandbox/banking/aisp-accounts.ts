// Open banking (AISP): the accounts a holder keeps at the sandbox's bank, shared under a consent.
import { construct } from '../construct';
import type { SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';
import { timestamp } from '../time';
import { newObject } from '../transitions/new-object';

/** An account as the bank knows it, whichever consent shared it: its sort code and number. */
const bankAccountKey = (account: SandboxObject) =>
  `${String(account.sort_code)} ${String(account.last4)}`;

/** The accounts the holder keeps at the sandbox's one bank: every account a consent shared, once. */
async function heldAccounts(context: SandboxContext): Promise<SandboxObject[]> {
  const byKey = new Map<string, SandboxObject>();
  for (const account of await context.objects.all('aisp_account')) {
    if (!byKey.has(bankAccountKey(account))) byKey.set(bankAccountKey(account), account);
  }
  return [...byKey.values()];
}

/**
 * Shares the holder's accounts at the bank under a consent they just authorised, each with an ID
 * of its own (an ID is valid only with the consent that returned it) and its balance as of now.
 */
export async function shareHeldAccounts(consent: SandboxObject, context: SandboxContext) {
  const accounts = await context.objects.all('aisp_account');
  if (accounts.some((account) => account.consent_id === consent.id)) return;
  for (const held of await heldAccounts(context)) {
    const { name, holder_name, currency, sort_code, last4 } = held;
    const account = newObject(context, 'aisp_account', {
      consent_id: consent.id,
      name,
      holder_name,
      currency,
      sort_code,
      last4,
    });
    await context.objects.save(account);
    const balance = await context.objects.find('aisp_balance', String(held.id));
    if (!balance) continue;
    const shared = {
      consent_id: consent.id,
      account_id: account.id,
      as_of: timestamp(context.now),
    };
    await context.objects.save(
      construct(context.model, 'aisp_balance', {
        given: { ...balance, ...shared },
        key: String(account.id),
        now: context.now,
      }),
    );
  }
}
