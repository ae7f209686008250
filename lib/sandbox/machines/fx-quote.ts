import { SandboxError } from '../errors';
import { FX_MARKUP_BPS, FX_QUOTE_LIFETIME_MS, SANDBOX_MID_MARKET_PER_GBP } from '../limits';
import type { SandboxObject } from '../model';
import { timestamp } from '../synthesis';
import { moveBalance, takeAvailable } from './balance';
import type { Machine, RequestContext, SandboxContext } from './types';

// FX quotes: a rate fixed for ten minutes with both amounts in whole minor units, worked out in
// integers so that no amount depends on binary floating point.

/** Rates carry six decimal places: 1.160923 is 1160923 millionths. */
const RATE_SCALE = 1_000_000n;
const BPS_SCALE = 10_000n;

/** A rate in millionths as the API writes it: `1.160923`. */
const rateText = (millionths: bigint) =>
  `${millionths / RATE_SCALE}.${String(millionths % RATE_SCALE).padStart(6, '0')}`;

/** Divides, rounding up: what a conversion takes is never less than its rate says. */
const divideUp = (numerator: bigint, denominator: bigint) =>
  (numerator + denominator - 1n) / denominator;

/** The sandbox's mid-market rate from one currency to another, in millionths, rounded half up. */
function midMarket(sell: string, buy: string): bigint {
  const perGbp = (currency: string) => {
    const rate = SANDBOX_MID_MARKET_PER_GBP[currency];
    if (rate === undefined) {
      throw new SandboxError(
        'parameter_invalid',
        `The sandbox has no exchange rate for ${currency}.`,
        'buy_currency',
      );
    }
    return BigInt(Math.round(rate * Number(RATE_SCALE)));
  };
  return (perGbp(buy) * RATE_SCALE * 2n + perGbp(sell)) / (perGbp(sell) * 2n);
}

async function exponentOf(context: RequestContext, currency: string): Promise<bigint> {
  const details = await context.objects.find('currency', currency);
  return BigInt(Number(details?.exponent ?? 2));
}

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

/** Takes a quote's `sell_amount` from the available balance, refusing one that cannot cover it. */
export async function spendQuote(context: SandboxContext, quote: SandboxObject, param: string) {
  await takeAvailable(context, Number(quote.sell_amount), String(quote.sell_currency), param);
}

/**
 * FX quote: `active` with its rate and both amounts, the one not sent worked out and rounded in
 * Kestrel Pay's favour by less than a minor unit; `used` by a conversion or a disbursement, or
 * `expired` ten minutes on.
 */
export const fxQuoteMachine: Machine = {
  kind: 'fx_quote',
  async create(quote, context) {
    const sell = String(context.body.sell_currency);
    const buy = String(context.body.buy_currency);
    await requireConvertible(context, sell, buy);
    const mid = midMarket(sell, buy);
    const rate = (mid * (BPS_SCALE - BigInt(FX_MARKUP_BPS)) + BPS_SCALE / 2n) / BPS_SCALE;
    // Minor units of buy per minor unit of sell is rate × 10^(buy exponent − sell exponent).
    const sellUnits = 10n ** (await exponentOf(context, sell));
    const buyUnits = 10n ** (await exponentOf(context, buy));
    let sellAmount: bigint;
    let buyAmount: bigint;
    if (typeof context.body.buy_amount === 'number') {
      buyAmount = BigInt(context.body.buy_amount);
      sellAmount = divideUp(buyAmount * RATE_SCALE * sellUnits, rate * buyUnits);
    } else {
      sellAmount = BigInt(Number(context.body.sell_amount));
      buyAmount = (sellAmount * rate * buyUnits) / (RATE_SCALE * sellUnits);
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
      later: { at: expiresAt, changes: { status: 'expired' }, events: [] },
    };
  },
  actions: {
    async convert(quote, context) {
      await spendQuote(context, quote, 'id');
      await moveBalance(context, String(quote.buy_currency), 'available', Number(quote.buy_amount));
      Object.assign(quote, { status: 'used', used_by: quote.id });
      return { object: quote, events: [] };
    },
  },
};
