// Settlement of captured money: from `pending` to `available` a few seconds after capture, or,
// when the organisation holds funds until travel, to `reserved` until the booking departs; and
// money given back to a booking's customer, taken from what the booking holds first.
import { ASYNC_STEP_DELAY_MS } from '../limits';
import type { LaterStep, SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';
import type { FundsMove } from '../store/types';
import { currentBalance, moveBalance, singleton } from './balance';
import { settlementOf } from './fx-rates';
import type { LedgerCause } from './ledger';
import { settleTransaction } from './settlements';

/** Queues money to move between parts of the balance `when` says. */
async function scheduleMove(
  context: SandboxContext,
  move: FundsMove,
  when: Pick<LaterStep, 'at' | 'byTime'>,
) {
  const balance = await currentBalance(context);
  if (!balance)
    throw new Error('openapi/openapi.yaml: the x-sandbox-story account has no balance; add one.');
  await context.schedule(balance, { ...when, changes: {}, events: [], move });
}

/** When a booking's money is released in `on_departure` mode: 00:00 UTC on its departure date. */
function departureOf(booking: SandboxObject | undefined): number | undefined {
  const date = booking?.departure_date;
  return typeof date === 'string' ? Date.parse(`${date}T00:00:00Z`) : undefined;
}

/**
 * Settles a captured amount of a booking seconds later: available, or reserved until departure;
 * converted `into` another currency when the charge settles at an FX quote, or else into the
 * `settlement_currency` of a currency your organisation cannot hold.
 */
export async function settleFunds(
  context: SandboxContext,
  bookingId: unknown,
  transaction: SandboxObject,
  into?: FundsMove['into'],
) {
  const [amount, currency] = [Number(transaction.amount), String(transaction.currency)];
  const transactionId = String(transaction.id);
  const at = context.now + ASYNC_STEP_DELAY_MS;
  into ??= await settlementOf(context, amount, currency);
  const organisation = await singleton(context, 'organisation');
  const booking = await context.objects.find('booking', String(bookingId));
  const releaseAt = departureOf(booking);
  const held =
    organisation?.funds_release === 'on_departure' && releaseAt !== undefined && releaseAt > at;
  await scheduleMove(
    context,
    held
      ? {
          currency,
          amount,
          from: 'pending',
          to: 'reserved',
          releaseAt,
          bookingId: String(bookingId),
          transactionId,
          ...(into ? { into } : {}),
        }
      : {
          currency,
          amount,
          from: 'pending',
          to: 'available',
          transactionId,
          ...(into ? { into } : {}),
        },
    { at },
  );
}

/** Where the sandbox keeps what each booking holds in `reserved`: beside its objects, never shown. */
const RESERVED_KIND = 'reserved_funds';

/** A booking's money in the balance's `reserved` part, by currency, and when it is released. */
type ReservedFunds = {
  object: typeof RESERVED_KIND;
  id: string;
  amounts: Record<string, number>;
  release_at: number;
};

async function reservedFundsOf(context: SandboxContext, bookingId: string) {
  const found = await context.objects.find(RESERVED_KIND, bookingId);
  return found as unknown as ReservedFunds | undefined;
}

const saveReservedFunds = (context: SandboxContext, funds: ReservedFunds) =>
  context.objects.save(funds as unknown as SandboxObject);

/** Queues the release of what a booking holds at its `release_at`. */
async function scheduleRelease(context: SandboxContext, funds: ReservedFunds) {
  const [currency = '', amount = 0] = Object.entries(funds.amounts)[0] ?? [];
  await scheduleMove(
    context,
    {
      currency,
      amount,
      from: 'reserved',
      to: 'available',
      releaseAt: funds.release_at,
      bookingId: funds.id,
    },
    { at: funds.release_at, byTime: true },
  );
}

/** Moves everything a booking holds from `reserved` to `available`. */
async function release(context: SandboxContext, funds: ReservedFunds) {
  const cause = {
    type: 'reserve_release',
    source: funds.id,
    description: `Booking ${funds.id} departed`,
  };
  for (const [currency, amount] of Object.entries(funds.amounts)) {
    await moveBalance(context, currency, 'reserved', -amount, cause);
    await moveBalance(context, currency, 'available', amount, cause);
  }
  await context.objects.remove(funds as unknown as SandboxObject);
}

/** Adds settled money to what a booking holds, queuing its release if none is queued yet. */
async function holdForBooking(
  context: SandboxContext,
  bookingId: string,
  { currency, amount }: { currency: string; amount: number },
  releaseAt: number,
) {
  const held = await reservedFundsOf(context, bookingId);
  const funds = held ?? {
    object: RESERVED_KIND,
    id: bookingId,
    amounts: {},
    release_at: releaseAt,
  };
  funds.amounts[currency] = (funds.amounts[currency] ?? 0) + amount;
  await saveReservedFunds(context, funds);
  if (!held) await scheduleRelease(context, funds);
}

/**
 * Applies a move that fell due: a release of what a booking holds, or the settlement of a
 * transaction, paid at once: out of `pending`, and its net amount to `available`, or to `reserved`
 * for its booking until departure; in the currency it settles into, less the acquirer's fee.
 */
export async function moveFunds(move: FundsMove, context: SandboxContext) {
  if (move.from === 'reserved' && move.bookingId !== undefined) {
    const funds = await reservedFundsOf(context, move.bookingId);
    // A release moved to another date has its own step; this one is then out of date.
    if (funds && funds.release_at === move.releaseAt) await release(context, funds);
    return;
  }
  const transaction = await context.objects.find('transaction', String(move.transactionId));
  if (!transaction) return;
  const settled = move.into ?? move;
  const fee = Number(transaction.fee_amount);
  // The fee is the acquirer's share of what arrives, in the currency it arrives in.
  const net = settled.amount - Math.round((fee * settled.amount) / move.amount);
  await settleTransaction(context, transaction, async (cause) => {
    await moveBalance(context, move.currency, move.from, -move.amount, cause);
    return moveBalance(context, settled.currency, move.to, net, cause);
  });
  if (move.to === 'reserved' && move.bookingId !== undefined && move.releaseAt !== undefined) {
    await holdForBooking(
      context,
      move.bookingId,
      { currency: settled.currency, amount: net },
      move.releaseAt,
    );
  }
}

/** Moves a booking's release to its new departure date, or releases at once a date that has come. */
export async function moveRelease(context: SandboxContext, booking: SandboxObject) {
  const funds = await reservedFundsOf(context, String(booking.id));
  const releaseAt = departureOf(booking);
  if (!funds || releaseAt === undefined || releaseAt === funds.release_at) return;
  if (releaseAt <= context.now) {
    await release(context, funds);
    return;
  }
  funds.release_at = releaseAt;
  await saveReservedFunds(context, funds);
  await scheduleRelease(context, funds);
}

/** An amount as the balance holds it: in its currency's `settlement_currency` where that differs. */
export const settledAs = async (context: SandboxContext, amount: number, currency: string) =>
  (await settlementOf(context, amount, currency)) ?? { currency, amount };

/**
 * Takes money given back to a booking's customer from the balance, as a settlement nets it: from
 * the money the booking holds in `reserved` first, the rest from `available`, in the currency the
 * charge settled into. Answers the `available` entry, or the `reserved` one when that took it all.
 */
export async function takeFromBooking(
  context: SandboxContext,
  bookingId: unknown,
  amount: number,
  currency: string,
  cause: LedgerCause,
) {
  const settled = await settledAs(context, amount, currency);
  const funds =
    typeof bookingId === 'string' ? await reservedFundsOf(context, bookingId) : undefined;
  const fromReserved = Math.min(settled.amount, funds?.amounts[settled.currency] ?? 0);
  let reserved: SandboxObject | undefined;
  if (funds && fromReserved > 0) {
    funds.amounts[settled.currency] = (funds.amounts[settled.currency] ?? 0) - fromReserved;
    await saveReservedFunds(context, funds);
    reserved = await moveBalance(context, settled.currency, 'reserved', -fromReserved, cause);
  }
  const available = settled.amount - fromReserved;
  return (await moveBalance(context, settled.currency, 'available', -available, cause)) ?? reserved;
}

/** The brand of a charge's card, or null for a payment by bank. */
export const cardBrandOf = (charge: SandboxObject | undefined) =>
  ((charge?.card as { brand?: string } | null | undefined)?.brand ?? null) as string | null;
