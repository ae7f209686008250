// A confirmed booking completes on its own the day after travel ends, as the Bookings page says,
// and then takes only metadata changes; a status never moves backwards.
import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const { post, get, patch, advanceTestClock } = sandboxForEachTest();

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

async function confirmedBooking(returnInDays: number | null) {
  const booked = await post('/v1/bookings', {
    reference: `KP-DONE-${Math.random().toString(36).slice(2, 8)}`,
    customer_id: 'cus_5Tr9Wm',
    total_amount: 50000,
    currency: 'GBP',
    departure_date: dayFromNow(2),
    ...(returnInDays === null ? {} : { return_date: dayFromNow(returnInDays) }),
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const confirmed = await patch(`/v1/bookings/${booked.body.id}`, { status: 'confirmed' });
  expect(confirmed.body.status).toBe('confirmed');
  return booked.body.id as string;
}

describe('a confirmed booking', () => {
  it('completes the day after its return date, and then takes only metadata', async () => {
    const id = await confirmedBooking(5);
    await advanceTestClock(5 * DAY_MS);
    expect((await get(`/v1/bookings/${id}`)).body.status).toBe('confirmed');
    await advanceTestClock(2 * DAY_MS);
    expect((await get(`/v1/bookings/${id}`)).body.status).toBe('completed');
    const changed = await patch(`/v1/bookings/${id}`, { total_amount: 40000 });
    expect(changed.status).toBe(409);
    expect(changed.body.error).toMatchObject({ code: 'booking_completed', param: 'total_amount' });
    expect((await patch(`/v1/bookings/${id}`, { metadata: { survey: 'sent' } })).status).toBe(200);
    const cancelled = await post(`/v1/bookings/${id}/cancel`);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.code).toBe('booking_completed');
  });

  it('of a one-way trip completes the day after it departs, and follows a new date', async () => {
    const id = await confirmedBooking(null);
    expect((await patch(`/v1/bookings/${id}`, { departure_date: dayFromNow(9) })).status).toBe(200);
    await advanceTestClock(4 * DAY_MS);
    expect((await get(`/v1/bookings/${id}`)).body.status).toBe('confirmed');
    await advanceTestClock(7 * DAY_MS);
    expect((await get(`/v1/bookings/${id}`)).body.status).toBe('completed');
  });

  it('never goes back to pending', async () => {
    const id = await confirmedBooking(5);
    const back = await patch(`/v1/bookings/${id}`, { status: 'pending' });
    expect([400]).toContain(back.status);
    expect(back.body.error.code).toBe('parameter_invalid');
  });
});
