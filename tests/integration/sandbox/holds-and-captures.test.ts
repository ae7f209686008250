import { describe, expect, it } from 'vitest';
import { AUTHORISATION_HOLD_MS, EXTENDED_AUTHORISATION_HOLD_MS } from '@/lib/sandbox/limits';
import { timestamp } from '@/lib/sandbox/time';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, eventTypes, clock, advanceTestClock: advance } = sandbox;
const DAY_MS = 24 * 60 * 60 * 1000;
const held = { ...CHARGE, capture: false };
const extended = { ...held, extended_authorisation: true };
const capture = (id: string, body: Record<string, unknown>) =>
  post(`/v1/charges/${id}/capture`, body);
const incrementBy = (id: string, amount: number) =>
  post(`/v1/charges/${id}/increment_authorisation`, { amount });

/** A card of the scheme of this test card number, saved through a payment link. */
async function savedCard(cardNumber: string): Promise<string> {
  const link = await post('/v1/payment_links', {
    amount: 1000,
    currency: 'GBP',
    booking_id: 'bk_8Jd2kLq',
    save_card: true,
  });
  const paid = await post(`/v1/test_helpers/payment_links/${link.body.id}/pay`, {
    payment_method_type: 'card',
    card_number: cardNumber,
    save_card: true,
  });
  return paid.body.tokenised_card_id;
}

describe('an extended authorisation', () => {
  it('holds a Visa for 30 days, where a standard one holds for seven', async () => {
    const long = await post('/v1/charges', extended);
    expect(long.body).toMatchObject({ status: 'requires_capture', extended_authorisation: true });
    expect(long.body.capture_before).toBe(timestamp(clock.now() + EXTENDED_AUTHORISATION_HOLD_MS));
    const standard = await post('/v1/charges', held);
    expect(standard.body.extended_authorisation).toBe(false);
    expect(standard.body.capture_before).toBe(timestamp(clock.now() + AUTHORISATION_HOLD_MS));
  });

  it('is not granted on American Express, which holds for seven days', async () => {
    const amex = await savedCard('378282246310005');
    const charge = await post('/v1/charges', { ...extended, tokenised_card_id: amex });
    expect(charge.body).toMatchObject({
      status: 'requires_capture',
      extended_authorisation: false,
      card: { brand: 'amex' },
    });
    expect(charge.body.capture_before).toBe(timestamp(clock.now() + AUTHORISATION_HOLD_MS));
    const refused = await incrementBy(charge.body.id, 3900);
    expect(refused.body.error.code).toBe('charge_not_incrementable');
  });

  it('is refused on a charge captured at once', async () => {
    const refused = await post('/v1/charges', { ...CHARGE, extended_authorisation: true });
    expect(refused.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'extended_authorisation',
    });
  });
});

describe('an increment', () => {
  it('raises a Visa hold by the amount and keeps its date', async () => {
    const charge = (await post('/v1/charges', extended)).body;
    await advance(DAY_MS);
    const raised = await incrementBy(charge.id, 3900);
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({
      status: 'requires_capture',
      amount: 16400,
      capture_before: charge.capture_before,
    });
    expect(await eventTypes()).toEqual([]);
  });

  it('moves a Mastercard hold 30 days on, so the first date passes without a lapse', async () => {
    const mastercard = await savedCard('5555555555554444');
    const charge = (await post('/v1/charges', { ...extended, tokenised_card_id: mastercard })).body;
    await advance(20 * DAY_MS);
    const raised = (await incrementBy(charge.id, 2000)).body;
    expect(raised.capture_before).toBe(
      timestamp(clock.now() + 20 * DAY_MS + EXTENDED_AUTHORISATION_HOLD_MS),
    );
    await advance(15 * DAY_MS);
    expect((await get(`/v1/charges/${charge.id}`)).body.status).toBe('requires_capture');
    await advance(16 * DAY_MS);
    expect((await get(`/v1/charges/${charge.id}`)).body).toMatchObject({
      status: 'failed',
      failure_code: 'authorisation_expired',
    });
  });

  it('declined by the issuer leaves the amount held; a standard hold cannot be raised', async () => {
    const charge = (await post('/v1/charges', extended)).body;
    const declined = await incrementBy(charge.id, 99900);
    expect(declined.status).toBe(409);
    expect(declined.body.error.code).toBe('authorisation_increment_declined');
    expect((await get(`/v1/charges/${charge.id}`)).body.amount).toBe(12500);
    const standard = (await post('/v1/charges', held)).body;
    expect((await incrementBy(standard.id, 3900)).body.error.code).toBe('charge_not_incrementable');
    const captured = (await post('/v1/charges', CHARGE)).body;
    expect((await incrementBy(captured.id, 3900)).body.error.code).toBe('charge_not_incrementable');
  });
});

describe('captures in parts', () => {
  it('add up until a final capture releases the rest, paying the booking as they go', async () => {
    const booking = (await get('/v1/bookings/bk_8Jd2kLq')).body;
    const charge = (await post('/v1/charges', held)).body;
    const first = await capture(charge.id, { amount: 5000, final_capture: false });
    expect(first.body).toMatchObject({ status: 'requires_capture', amount_captured: 5000 });
    expect(first.body.capture_before).toBe(charge.capture_before);
    const second = await capture(charge.id, { amount: 4000, final_capture: false });
    expect(second.body.amount_captured).toBe(9000);
    const tooMuch = await capture(charge.id, { amount: 4000 });
    expect(tooMuch.body.error).toMatchObject({
      code: 'amount_too_large',
      message: 'The capture amount 4000 is more than the 3500 left to capture.',
    });
    const last = await capture(charge.id, { amount: 1000 });
    expect(last.body).toMatchObject({
      status: 'succeeded',
      amount_captured: 10000,
      capture_before: null,
    });
    expect(await eventTypes()).toEqual([
      'charge.partially_captured',
      'charge.partially_captured',
      'charge.succeeded',
    ]);
    expect((await get('/v1/bookings/bk_8Jd2kLq')).body.amount_paid).toBe(
      booking.amount_paid + 10000,
    );
    const refund = await post('/v1/refunds', { charge_id: charge.id, amount: 10000 });
    expect(refund.status).toBe(201);
  });

  it('succeed with what was captured when the hold lapses', async () => {
    const charge = (await post('/v1/charges', held)).body;
    await capture(charge.id, { amount: 8000, final_capture: false });
    await advance(AUTHORISATION_HOLD_MS + 1000);
    expect((await get(`/v1/charges/${charge.id}`)).body).toMatchObject({
      status: 'succeeded',
      amount_captured: 8000,
      failure_code: null,
      capture_before: null,
    });
    expect(await eventTypes()).toEqual(['charge.partially_captured', 'charge.succeeded']);
  });

  it('cannot be cancelled once part is captured; cancelling the booking keeps what was taken', async () => {
    const charge = (await post('/v1/charges', held)).body;
    await capture(charge.id, { amount: 6000, final_capture: false });
    const refused = await post(`/v1/charges/${charge.id}/cancel`, {
      cancellation_reason: 'supplier_unavailable',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('charge_not_cancellable');
    await post('/v1/bookings/bk_8Jd2kLq/cancel', { cancellation_reason: 'Trip cancelled' });
    expect((await get(`/v1/charges/${charge.id}`)).body).toMatchObject({
      status: 'succeeded',
      amount_captured: 6000,
    });
  });
});
