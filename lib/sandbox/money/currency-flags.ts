// What your organisation may do in each currency, checked before a request uses one.
import { SandboxError } from '../errors';
import type { RequestContext } from '../machines/types';
import { subjectOf } from '../validation-messages';

/** What your organisation can do in a currency: take payments in it, or hold and pay out in it. */
type CurrencyFlag = 'charges_enabled' | 'payouts_enabled';

/**
 * Refuses a request whose `currency` your organisation cannot use as it needs: one Kestrel Pay
 * does not support, or one whose flag is `false` (Currencies).
 */
export async function requireCurrencyEnabled(context: RequestContext, flag: CurrencyFlag) {
  const code = String(context.body.currency);
  const details = await context.objects.find('currency', code);
  if (details?.[flag] === true) return;
  const found = details ? `has ${flag} false` : 'is not a currency Kestrel Pay supports';
  throw new SandboxError(
    'parameter_invalid',
    `${subjectOf('currency')} must be a currency whose ${flag} is true for your organisation: ${code} ${found}. List them with GET /v1/currencies?${flag}=true.`,
    'currency',
  );
}
