import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

// A credit note applied to a customer's bookings, voided, or left until its expires_at.
const { post, get, clock, advanceTestClock } = sandboxForEachTest();

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A new booking of the documented customer, in pounds, departing in a month. */
async function booking(total: number) {
  const created = await post('/v1/bookings', {
    customer_id: 'cus_5Tr9Wm',
    reference: `KP-${randomUUID().slice(0, 8)}`,
    total_amount: total,
    currency: 'GBP',
    departure_date: iso(clock.now() + 30 * DAY_MS).slice(0, 10),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

/** A new credit note of the documented customer, in pounds. */
async function creditNote(amount: number, extra: Record<string, unknown> = {}) {
  const created = await post('/v1/credit_notes', {
    customer_id: 'cus_5Tr9Wm',
    amount,
    currency: 'GBP',
    reason: 'goodwill',
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

const apply = (id: string, body: Record<string, unknown>) =>
  post(`/v1/credit_notes/${id}/apply`, body);

describe('applying a credit note', () => {
  it('applies the smaller of amount_remaining and amount_due when no amount is sent', async () => {
    const note = await creditNote(40000);
    const smallBooking = await booking(30000);
    const first = await apply(note, { booking_id: smallBooking });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'partially_applied', amount_remaining: 10000 });
    expect(first.body.applications.at(-1)).toMatchObject({
      booking_id: smallBooking,
      amount: 30000,
    });
    const largeBooking = await booking(50000);
    const second = await apply(note, { booking_id: largeBooking });
    expect(second.body).toMatchObject({ status: 'applied', amount_remaining: 0 });
    expect(second.body.applications.at(-1)).toMatchObject({
      booking_id: largeBooking,
      amount: 10000,
    });
    expect((await get(`/v1/bookings/${largeBooking}`)).body.amount_due).toBe(40000);
  });

  it('answers amount_too_large for a booking with nothing due', async () => {
    const note = await creditNote(40000);
    const paid = await booking(20000);
    await apply(note, { booking_id: paid });
    expect((await get(`/v1/bookings/${paid}`)).body.amount_due).toBe(0);
    const refused = await apply(note, { booking_id: paid });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('amount_too_large');
    expect((await get(`/v1/credit_notes/${note}`)).body.amount_remaining).toBe(20000);
  });
});

describe('voiding a credit note', () => {
  it('leaves what was applied on the bookings, and cannot be undone', async () => {
    const note = await creditNote(40000);
    const paid = await booking(60000);
    const applied = await apply(note, { booking_id: paid, amount: 15000 });
    const before = (await get(`/v1/bookings/${paid}`)).body;
    const voided = await post(`/v1/credit_notes/${note}/void`);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({ status: 'void', amount_remaining: 0 });
    expect(voided.body.applications).toEqual(applied.body.applications);
    const after = (await get(`/v1/bookings/${paid}`)).body;
    expect(after).toMatchObject({ amount_paid: before.amount_paid, amount_due: before.amount_due });
    expect(after.amount_due).toBe(45000);
    const again = await post(`/v1/credit_notes/${note}/void`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('credit_note_closed');
  });
});

describe('a credit note with an expires_at', () => {
  it('becomes expired at its expires_at, open or partly applied, and then refuses to apply', async () => {
    const expiresAt = iso(clock.now() + 2 * DAY_MS);
    const open = await creditNote(40000, { expires_at: expiresAt });
    const partly = await creditNote(40000, { expires_at: expiresAt });
    const paid = await booking(60000);
    await apply(partly, { booking_id: paid, amount: 10000 });
    const lasting = await creditNote(40000);
    await advanceTestClock(DAY_MS);
    expect((await get(`/v1/credit_notes/${open}`)).body.status).toBe('open');
    await advanceTestClock(DAY_MS + 60 * 1000);
    expect((await get(`/v1/credit_notes/${open}`)).body).toMatchObject({
      status: 'expired',
      amount_remaining: 0,
    });
    const expired = (await get(`/v1/credit_notes/${partly}`)).body;
    expect(expired).toMatchObject({ status: 'expired', amount_remaining: 0 });
    expect(expired.applications).toHaveLength(1);
    expect((await get(`/v1/credit_notes/${lasting}`)).body.status).toBe('open');
    const refused = await apply(open, { booking_id: paid });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('credit_note_closed');
  });
});
