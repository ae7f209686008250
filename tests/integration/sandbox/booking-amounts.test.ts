// A booking's amount_paid and amount_due, as the Booking object and the Bookings page say:
// credit notes applied count as paid, and amount_due never drops below 0.
import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const { post, get, patch, bookAndCharge } = sandboxForEachTest();

const DAY_MS = 24 * 60 * 60 * 1000;
const dayFromNow = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** A booking of £1,000.00 of the documented customer, of which £200.00 is charged. */
const TERMS = {
  total_amount: 100000,
  currency: 'GBP',
  departure_date: dayFromNow(30),
};
const CHARGED = 20000;

const newBooking = () =>
  bookAndCharge(
    { ...TERMS, reference: `KP-AMT-${Math.random().toString(36).slice(2, 8)}` },
    CHARGED,
  );

describe("a booking's amounts", () => {
  it('count a credit note applied: amount_paid rises and amount_due falls by the amount', async () => {
    const { booking } = await newBooking();
    const note = await post('/v1/credit_notes', {
      customer_id: 'cus_5Tr9Wm',
      amount: 45000,
      currency: 'GBP',
      reason: 'cancelled_booking',
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const applied = await post(`/v1/credit_notes/${String(note.body.id)}/apply`, {
      booking_id: booking.id,
      amount: 30000,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect((await get(`/v1/bookings/${String(booking.id)}`)).body).toMatchObject({
      amount_paid: CHARGED + 30000,
      amount_due: TERMS.total_amount - CHARGED - 30000,
    });
  });

  it('leave amount_due at 0, never below, when total_amount falls under amount_paid', async () => {
    const { booking } = await newBooking();
    const lowered = await patch(`/v1/bookings/${String(booking.id)}`, { total_amount: 15000 });
    expect(lowered.status).toBe(200);
    expect(lowered.body).toMatchObject({
      total_amount: 15000,
      amount_paid: CHARGED,
      amount_due: 0,
    });
    expect((await get(`/v1/bookings/${String(booking.id)}`)).body.amount_due).toBe(0);
  });
});
