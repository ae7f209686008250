import { SandboxError } from '../errors';
import { FX_MARKUP_BPS, FX_QUOTE_LIFETIME_MS } from '../limits';
import type { SandboxObject } from '../model';
import { moveBalance, takeAvailable } from '../money/balance';
import {
  buyAmountOf,
  midMarket,
  quoteRate,
  rateText,
  sellAmountOf,
  unitsOf,
} from '../money/fx-rates';
import type { LedgerCause } from '../money/ledger';
import { timestamp } from '../time';
import type { Machine, RequestContext, SandboxContext } from './types';

/** Refuses converting a currency into itself, or between currencies your organisation cannot hold. */
async function requireConvertible(context: RequestContext, sell: string, buy: string) {
  if (sell === buy) {
    throw new SandboxError(
      'parameter_invalid',
      `The buy_currency must differ from the sell_currency ${sell}.`,
      'buy_currency',
    );
  }
  for (const [field, currency] of [
    ['sell_currency', sell],
    ['buy_currency', buy],
  ] as const) {
    const details = await context.objects.find('currency', currency);
    if (details?.payouts_enabled !== true) {
      throw new SandboxError(
        'parameter_invalid',
        `Your organisation cannot hold a ${currency} balance: convert between currencies whose payouts_enabled is true.`,
        field,
      );
    }
  }
}

/**
 * Takes a quote's `sell_amount` from the available balance, for `cause`, refusing one that cannot
 * cover it.
 */
export async function spendQuote(
  context: SandboxContext,
  quote: SandboxObject,
  cause: LedgerCause,
  param: string,
) {
  const [amount, currency] = [Number(quote.sell_amount), String(quote.sell_currency)];
  await takeAvailable(context, amount, currency, cause, param);
}

/**
 * FX quote: `active` with its rate and both amounts, the one not sent worked out and rounded in
 * Kestrel Pay's favour by less than a minor unit; `used` by a conversion, a disbursement or a
 * charge, or `expired` ten minutes on.
 */
export const fxQuoteMachine: Machine = {
  kind: 'fx_quote',
  async create(quote, context) {
    const sell = String(context.body.sell_currency);
    const buy = String(context.body.buy_currency);
    await requireConvertible(context, sell, buy);
    const mid = midMarket(sell, buy);
    const rate = quoteRate(mid);
    const units = await unitsOf(context, sell, buy);
    let sellAmount: bigint;
    let buyAmount: bigint;
    if (typeof context.body.buy_amount === 'number') {
      buyAmount = BigInt(context.body.buy_amount);
      sellAmount = sellAmountOf(buyAmount, rate, units);
    } else {
      sellAmount = BigInt(Number(context.body.sell_amount));
      buyAmount = buyAmountOf(sellAmount, rate, units);
    }
    const expiresAt = context.now + FX_QUOTE_LIFETIME_MS;
    Object.assign(quote, {
      sell_currency: sell,
      buy_currency: buy,
      sell_amount: Number(sellAmount),
      buy_amount: Number(buyAmount),
      rate: rateText(rate),
      mid_market_rate: rateText(mid),
      markup_bps: FX_MARKUP_BPS,
      status: 'active',
      used_by: null,
      expires_at: timestamp(expiresAt),
    });
    return {
      object: quote,
      events: [],
      later: { at: expiresAt, changes: { status: 'expired' }, events: [], byTime: true },
    };
  },
  actions: {
    async convert(quote, context) {
      const cause = {
        type: 'conversion',
        source: String(quote.id),
        description: `Converted at FX quote ${String(quote.id)}`,
      };
      await spendQuote(context, quote, cause, 'id');
      const bought = Number(quote.buy_amount);
      await moveBalance(context, String(quote.buy_currency), 'available', bought, cause);
      Object.assign(quote, { status: 'used', used_by: quote.id });
      return { object: quote, events: [] };
    },
  },
};
