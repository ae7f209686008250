import { ASYNC_STEP_DELAY_MS } from '../limits';
import type { SandboxObject } from '../model';
import type { FundsMove } from '../store/types';
import { currentBalance, moveBalance, singleton } from './balance';
import type { SandboxContext } from './types';

// Settlement of captured money: from `pending` to `available` a few seconds after capture, or,
// when the organisation holds funds until travel, to `reserved` until the booking departs.

/** Queues money to move between parts of the balance when `at` comes. */
async function scheduleMove(context: SandboxContext, move: FundsMove, at: number) {
  const balance = await currentBalance(context);
  if (!balance)
    throw new Error('openapi/openapi.yaml documents no example of the balance; add one.');
  await context.schedule(balance, { at, changes: {}, events: [], move });
}

/** When a booking's money is released in `on_departure` mode: 00:00 UTC on its departure date. */
function departureOf(booking: SandboxObject | undefined): number | undefined {
  const date = booking?.departure_date;
  return typeof date === 'string' ? Date.parse(`${date}T00:00:00Z`) : undefined;
}

/**
 * Settles a captured amount of a booking seconds later: available, or reserved until departure;
 * converted `into` another currency when the charge settles at an FX quote.
 */
export async function settleFunds(
  context: SandboxContext,
  bookingId: unknown,
  amount: number,
  currency: string,
  into?: FundsMove['into'],
) {
  const at = context.now + ASYNC_STEP_DELAY_MS;
  const organisation = await singleton(context, 'organisation');
  const booking = await context.objects.find('booking', String(bookingId));
  const releaseAt = departureOf(booking);
  const held =
    organisation?.funds_release === 'on_departure' && releaseAt !== undefined && releaseAt > at;
  await scheduleMove(
    context,
    held
      ? { currency, amount, from: 'pending', to: 'reserved', releaseAt, ...(into ? { into } : {}) }
      : { currency, amount, from: 'pending', to: 'available', ...(into ? { into } : {}) },
    at,
  );
}

/** Applies a move that fell due; reserved money queues its release at the departure date. */
export async function moveFunds(move: FundsMove, context: SandboxContext) {
  const { currency, amount } = move.into ?? move;
  await moveBalance(context, move.currency, move.from, -move.amount);
  await moveBalance(context, currency, move.to, amount);
  if (move.to === 'reserved' && move.releaseAt !== undefined) {
    await scheduleMove(
      context,
      { currency, amount, from: 'reserved', to: 'available' },
      move.releaseAt,
    );
  }
}
