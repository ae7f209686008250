// The sandbox's exchange rates: the mid-market rate, a quote's rate with its markup, and the
// amounts either side of a conversion, worked out in integers so that no amount depends on binary
// floating point. FX quotes fix these for ten minutes; a payment in a currency your organisation
// cannot hold settles at them.
import { SandboxError } from '../errors';
import { FX_MARKUP_BPS, SANDBOX_MID_MARKET_PER_GBP } from '../limits';
import type { SandboxContext } from '../machines/types';

/** Rates carry six decimal places: 1.160923 is 1160923 millionths. */
const RATE_SCALE = 1_000_000n;
const BPS_SCALE = 10_000n;

/** A rate in millionths as the API writes it: `1.160923`. */
export const rateText = (millionths: bigint) =>
  `${millionths / RATE_SCALE}.${String(millionths % RATE_SCALE).padStart(6, '0')}`;

/** Divides, rounding up: what a conversion takes is never less than its rate says. */
const divideUp = (numerator: bigint, denominator: bigint) =>
  (numerator + denominator - 1n) / denominator;

/** The sandbox's mid-market rate from one currency to another, in millionths, rounded half up. */
export function midMarket(sell: string, buy: string): bigint {
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
export const quoteRate = (mid: bigint) =>
  (mid * (BPS_SCALE - BigInt(FX_MARKUP_BPS)) + BPS_SCALE / 2n) / BPS_SCALE;

/** Minor units per major unit of each side of a conversion: 100 for two decimal places, 1 for none. */
type Units = { sell: bigint; buy: bigint };

/** The minor units of both currencies, from their `exponent`. */
export async function unitsOf(context: SandboxContext, sell: string, buy: string): Promise<Units> {
  const unitsOfOne = async (currency: string) =>
    10n ** BigInt(Number((await context.objects.find('currency', currency))?.exponent ?? 2));
  return { sell: await unitsOfOne(sell), buy: await unitsOfOne(buy) };
}

// Minor units of buy per minor unit of sell are rate × 10^(buy exponent − sell exponent).

/** What an amount sold buys at `rate`, rounded down: never more than the rate says. */
export const buyAmountOf = (sellAmount: bigint, rate: bigint, units: Units) =>
  (sellAmount * rate * units.buy) / (RATE_SCALE * units.sell);

/** What buying an amount at `rate` sells, rounded up: never less than the rate says. */
export const sellAmountOf = (buyAmount: bigint, rate: bigint, units: Units) =>
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
