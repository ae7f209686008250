import { SandboxError } from '../errors';
import { FX_MARKUP_BPS, FX_QUOTE_LIFETIME_MS, SANDBOX_MID_MARKET_PER_GBP } from '../limits';
import type { SandboxObject } from '../model';
import { timestamp } from '../time';
import { moveBalance, takeAvailable } from './balance';
import type { LedgerCause } from './ledger';
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

/** The rate a quote gives, in millionths: the mid-market rate less the markup, rounded half up. */
const quoteRate = (mid: bigint) =>
  (mid * (BPS_SCALE - BigInt(FX_MARKUP_BPS)) + BPS_SCALE / 2n) / BPS_SCALE;

/** Minor units per major unit of each side of a conversion: 100 for two decimal places, 1 for none. */
type Units = { sell: bigint; buy: bigint };

/** The minor units of both currencies, from their `exponent`. */
async function unitsOf(context: SandboxContext, sell: string, buy: string): Promise<Units> {
  const unitsOfOne = async (currency: string) =>
    10n ** BigInt(Number((await context.objects.find('currency', currency))?.exponent ?? 2));
  return { sell: await unitsOfOne(sell), buy: await unitsOfOne(buy) };
}

// Minor units of buy per minor unit of sell are rate × 10^(buy exponent − sell exponent).

/** What an amount sold buys at `rate`, rounded down: never more than the rate says. */
const buyAmountOf = (sellAmount: bigint, rate: bigint, units: Units) =>
  (sellAmount * rate * units.buy) / (RATE_SCALE * units.sell);

/** What buying an amount at `rate` sells, rounded up: never less than the rate says. */
const sellAmountOf = (buyAmount: bigint, rate: bigint, units: Units) =>
  divideUp(buyAmount * RATE_SCALE * units.sell, rate * units.buy);

/**
 * What a payment settles as in a currency your organisation cannot hold: converted into its
 * `settlement_currency` at the rate a quote would give, rounded down as a quote's `buy_amount`
 * is; `undefined` for a currency that settles into itself.
 */
export async function settlementOf(
  context: SandboxContext,
  amount: number,
  currency: string,
): Promise<{ currency: string; amount: number } | undefined> {
  const details = await context.objects.find('currency', currency);
  const into = details?.settlement_currency;
  if (typeof into !== 'string' || into === currency) return undefined;
  const rate = quoteRate(midMarket(currency, into));
  const units = await unitsOf(context, currency, into);
  return { currency: into, amount: Number(buyAmountOf(BigInt(amount), rate, units)) };
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
