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

/** A booking departing in so many days, and a charge of part of it with the test Visa. */
async function chargedBooking(daysAhead: number) {
  const departure = new Date(clock.now() + daysAhead * DAY_MS).toISOString().slice(0, 10);
  const booking = await post('/v1/bookings', {
    reference: `KP-FUNDS-${Date.now()}-${daysAhead}`,
    customer_id: 'cus_5Tr9Wm',
    total_amount: 184000,
    currency: 'GBP',
    departure_date: departure,
  });
  expect(booking.status, JSON.stringify(booking.body)).toBe(201);
  const charge = await post('/v1/charges', {
    amount: 50000,
    currency: 'GBP',
    booking_id: booking.body.id,
    tokenised_card_id: 'tc_test_visa',
  });
  expect(charge.body.status).toBe('succeeded');
  return booking.body;
}

describe('settled booking money', () => {
  it('becomes available seconds after capture by default', async () => {
    const before = await parts();
    await chargedBooking(30);
    expect(await parts()).toEqual({ ...before, pending: before.pending + 50000 });
    settle();
    expect(await parts()).toEqual({ ...before, available: before.available + 50000 });
  });

  it('is reserved until the booking departs when funds are held until travel', async () => {
    const organisation = await patch('/v1/organisation', { funds_release: 'on_departure' });
    expect(organisation.body.funds_release).toBe('on_departure');
    const before = await parts();
    await chargedBooking(30);
    settle();
    expect(await parts()).toEqual({ ...before, reserved: before.reserved + 50000 });
    await advanceTestClock(29 * DAY_MS);
    expect(await balance('reserved')).toBe(before.reserved + 50000);
    await advanceTestClock(2 * DAY_MS);
    expect(await parts()).toEqual({ ...before, available: before.available + 50000 });
  });

  it('of a booking already departing is released at once, even when funds are held', async () => {
    await patch('/v1/organisation', { funds_release: 'on_departure' });
    const before = await parts();
    await chargedBooking(0);
    settle();
    expect(await parts()).toEqual({ ...before, available: before.available + 50000 });
  });
});
