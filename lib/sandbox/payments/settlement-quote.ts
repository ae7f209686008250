// The FX quote a new charge may settle at, checked before the charge uses it.
import { SandboxError } from '../errors';
import type { RequestContext } from '../machines/types';

/**
 * Refuses an FX quote a new charge cannot settle with: one for a currency your organisation cannot
 * hold, which settles into its `settlement_currency` instead; used or expired; or of another
 * currency or amount.
 */
export async function requireSettlementQuote(context: RequestContext) {
  const id = context.body.fx_quote_id;
  if (typeof id !== 'string') return;
  const currency = String(context.body.currency);
  const details = await context.objects.find('currency', currency);
  if (details?.payouts_enabled !== true) {
    throw new SandboxError(
      'parameter_invalid',
      `A ${currency} charge settles into ${String(details?.settlement_currency)}, its settlement_currency, and cannot carry an FX quote: leave out fx_quote_id.`,
      'fx_quote_id',
    );
  }
  const quote = await context.objects.find('fx_quote', id);
  if (!quote || quote.status !== 'active') {
    throw new SandboxError(
      'fx_quote_not_active',
      `The FX quote ${id} is ${String(quote?.status)}; create a new one.`,
      'fx_quote_id',
    );
  }
  if (context.body.capture === false) {
    throw new SandboxError(
      'parameter_invalid',
      'A charge settles at an FX quote only when it captures at once.',
      'fx_quote_id',
    );
  }
  if (quote.sell_currency !== context.body.currency) {
    throw new SandboxError(
      'currency_mismatch',
      `The currency must be ${String(quote.sell_currency)}, the sell_currency of ${id}.`,
      'currency',
    );
  }
  if (Number(quote.sell_amount) !== Number(context.body.amount)) {
    throw new SandboxError(
      'parameter_invalid',
      `The amount must be ${String(quote.sell_amount)}, the sell_amount of ${id}.`,
      'amount',
    );
  }
}
