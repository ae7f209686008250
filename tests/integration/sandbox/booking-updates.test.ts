// What an update may still change on a booking, as Update a booking and Cancel a booking say: a
// confirmed booking may be completed by you, and a cancelled one takes only metadata and is
// never reinstated.
import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const { post, get, patch } = sandboxForEachTest();

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** A new booking of the documented customer, travelling in a month. */
async function newBooking() {
  const booked = await post('/v1/bookings', {
    reference: `KP-UPD-${Math.random().toString(36).slice(2, 8)}`,
    customer_id: 'cus_5Tr9Wm',
    total_amount: 50000,
    currency: 'GBP',
    departure_date: dayFromNow(30),
    return_date: dayFromNow(37),
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return `/v1/bookings/${String(booked.body.id)}`;
}

describe('a confirmed booking', () => {
  it('is completed when you set status completed, before its travel ends', async () => {
    const booking = await newBooking();
    expect((await patch(booking, { status: 'confirmed' })).body.status).toBe('confirmed');
    const completed = await patch(booking, { status: 'completed' });
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('completed');
    expect((await get(booking)).body.status).toBe('completed');
    const changed = await patch(booking, { total_amount: 40000 });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('booking_completed');
  });
});

describe('a cancelled booking', () => {
  it('takes only metadata changes', async () => {
    const booking = await newBooking();
    expect((await post(`${booking}/cancel`)).body.status).toBe('cancelled');
    const changes = [
      { total_amount: 40000 },
      { departure_date: dayFromNow(31) },
      { return_date: null },
      { total_amount: 40000, metadata: { channel: 'phone' } },
    ];
    for (const change of changes) {
      const refused = await patch(booking, change);
      expect(refused.status, JSON.stringify(change)).toBe(409);
      expect(refused.body.error.code).toBe('booking_cancelled');
    }
    expect((await get(booking)).body).toMatchObject({ total_amount: 50000, metadata: {} });
    const noted = await patch(booking, { metadata: { refund: 'sent' } });
    expect(noted.status).toBe(200);
    expect(noted.body).toMatchObject({ status: 'cancelled', metadata: { refund: 'sent' } });
  });

  it('cannot be reinstated', async () => {
    const booking = await newBooking();
    expect((await patch(booking, { status: 'confirmed' })).body.status).toBe('confirmed');
    expect((await post(`${booking}/cancel`)).body.status).toBe('cancelled');
    for (const status of ['confirmed', 'completed']) {
      const reinstated = await patch(booking, { status });
      expect(reinstated.status).toBe(409);
      expect(reinstated.body.error).toMatchObject({ code: 'booking_cancelled', param: 'status' });
    }
    expect((await get(booking)).body.status).toBe('cancelled');
  });
});
