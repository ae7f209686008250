import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, patch, settle, clock, advanceTestClock } = sandbox;
const DAY_MS = 24 * 60 * 60 * 1000;

const balance = (part: 'available' | 'pending' | 'reserved') => sandbox.balanceOf(part, 'GBP');
const parts = async () => ({
  available: await balance('available'),
  pending: await balance('pending'),
  reserved: await balance('reserved'),
});

/** What a charge of 50000 settles as: less the sandbox acquirer's documented 1.5 % fee. */
const NET = 50000 - 750;

const dateIn = (days: number) => new Date(clock.now() + days * DAY_MS).toISOString().slice(0, 10);

/** A booking departing in so many days, and a charge of part of it with the test Visa. */
async function chargedBooking(daysAhead: number) {
  const departure = dateIn(daysAhead);
  const { booking, charge } = await sandbox.bookAndCharge(
    {
      reference: `KP-FUNDS-${Date.now()}-${daysAhead}`,
      total_amount: 184000,
      currency: 'GBP',
      departure_date: departure,
    },
    50000,
  );
  return { ...booking, charge_id: charge.id as string };
}

/** Charges the booking again with the test Visa. */
async function chargeAgain(bookingId: string) {
  const charge = await post('/v1/charges', {
    amount: 50000,
    currency: 'GBP',
    booking_id: bookingId,
    tokenised_card_id: 'tc_test_visa',
  });
  expect(charge.body.status).toBe('succeeded');
  return charge.body.id as string;
}

const holdUntilTravel = () => patch('/v1/organisation', { funds_release: 'on_departure' });

async function refund(chargeId: string, amount: number) {
  const created = await post('/v1/refunds', { charge_id: chargeId, amount });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

describe('settled booking money', () => {
  it('becomes available seconds after capture by default', async () => {
    const before = await parts();
    await chargedBooking(30);
    expect(await parts()).toEqual({ ...before, pending: before.pending + 50000 });
    settle();
    expect(await parts()).toEqual({ ...before, available: before.available + NET });
  });

  it('is reserved until the booking departs when funds are held until travel', async () => {
    const organisation = await patch('/v1/organisation', { funds_release: 'on_departure' });
    expect(organisation.body.funds_release).toBe('on_departure');
    const before = await parts();
    await chargedBooking(30);
    settle();
    expect(await parts()).toEqual({ ...before, reserved: before.reserved + NET });
    await advanceTestClock(29 * DAY_MS);
    expect(await balance('reserved')).toBe(before.reserved + NET);
    await advanceTestClock(2 * DAY_MS);
    expect(await parts()).toEqual({ ...before, available: before.available + NET });
  });

  it('of a booking already departing is released at once, even when funds are held', async () => {
    await patch('/v1/organisation', { funds_release: 'on_departure' });
    const before = await parts();
    await chargedBooking(0);
    settle();
    expect(await parts()).toEqual({ ...before, available: before.available + NET });
  });
});

describe('a refund', () => {
  it('waits in pending, then is taken from available once settled', async () => {
    const { charge_id: chargeId } = await chargedBooking(30);
    settle();
    const before = await parts();
    await refund(chargeId, 20000);
    expect(await parts()).toEqual({ ...before, pending: before.pending - 20000 });
    settle();
    expect(await parts()).toEqual({ ...before, available: before.available - 20000 });
  });

  it("of a held booking's charge takes from that booking's reserved money first", async () => {
    // Captured before funds were held, the first payment is available; the second is reserved.
    const booking = await chargedBooking(30);
    settle();
    await holdUntilTravel();
    const heldCharge = await chargeAgain(booking.id);
    settle();
    const before = await parts();
    await refund(booking.charge_id, 40000);
    settle();
    expect(await parts()).toEqual({ ...before, reserved: before.reserved - 40000 });
    // The booking holds what is left of its net: a refund of 30000 takes it, the rest from available.
    await refund(heldCharge, 30000);
    settle();
    const after = {
      ...before,
      reserved: before.reserved - NET,
      available: before.available - (70000 - NET),
    };
    expect(await parts()).toEqual(after);
    // Nothing is left to release on the departure date.
    await advanceTestClock(31 * DAY_MS);
    expect(await parts()).toEqual(after);
  });
});

describe('money held for a booking', () => {
  it('follows a new departure date, later or today', async () => {
    await holdUntilTravel();
    const before = await parts();
    const later = await chargedBooking(5);
    const sooner = await chargedBooking(30);
    settle();
    expect(await balance('reserved')).toBe(before.reserved + 2 * NET);
    const moved = await patch(`/v1/bookings/${later.id}`, { departure_date: dateIn(40) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const today = await patch(`/v1/bookings/${sooner.id}`, { departure_date: dateIn(0) });
    expect(today.status, JSON.stringify(today.body)).toBe(200);
    expect(await parts()).toEqual({
      ...before,
      available: before.available + NET,
      reserved: before.reserved + NET,
    });
    // Past the first departure date, the moved money is still held until the new one.
    await advanceTestClock(10 * DAY_MS);
    expect(await balance('reserved')).toBe(before.reserved + NET);
    await advanceTestClock(31 * DAY_MS);
    expect(await parts()).toEqual({ ...before, available: before.available + 2 * NET });
  });

  it('stays held when the booking is cancelled, for its refunds, until its departure date', async () => {
    await holdUntilTravel();
    const before = await parts();
    const booking = await chargedBooking(30);
    settle();
    const cancelled = await post(`/v1/bookings/${booking.id}/cancel`, {
      cancellation_reason: 'customer_request',
    });
    expect(cancelled.body.status, JSON.stringify(cancelled.body)).toBe('cancelled');
    expect(await balance('reserved')).toBe(before.reserved + NET);
    await refund(booking.charge_id, 45000);
    settle();
    // What the customer does not get back, such as a cancellation charge, is released on departure.
    expect(await parts()).toEqual({ ...before, reserved: before.reserved + NET - 45000 });
    await advanceTestClock(31 * DAY_MS);
    expect(await parts()).toEqual({ ...before, available: before.available + NET - 45000 });
  });
});
