import { describe, expect, it } from 'vitest';
import { AUTHENTICATION_WINDOW_MS, LAPSING_AUTHORISATION_HOLD_MS } from '@/lib/sandbox/limits';
import { timestamp } from '@/lib/sandbox/time';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, eventTypes } = sandbox;
const RETURN_URL = 'https://agent.example.com/bookings/KP-2026-00417/upgrade/return';
const onSession = { ...CHARGE, off_session: false, return_url: RETURN_URL };

describe('a charge of a saved card', () => {
  it('is off-session and captured at once by default, with the card and pays the booking', async () => {
    const before = (await get('/v1/bookings/bk_8Jd2kLq')).body;
    const balance = (await get('/v1/balance')).body;
    const created = await post('/v1/charges', CHARGE);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'succeeded',
      amount_captured: 12500,
      customer_id: 'cus_5Tr9Wm',
      tokenised_card_id: 'tc_4Nf8xPz',
      payment_method_type: 'tokenised_card',
      off_session: true,
      capture: true,
      next_action: null,
      card: {
        brand: 'visa',
        last4: '1111',
        checks: { cvc_check: 'not_provided' },
        three_d_secure: { result: 'not_required', liability_shift: false },
      },
    });
    expect(await eventTypes()).toEqual(['charge.succeeded']);
    const after = (await get('/v1/bookings/bk_8Jd2kLq')).body;
    expect(after.amount_paid).toBe(before.amount_paid + 12500);
    const pending = (body: { pending: { currency: string; amount: number }[] }) =>
      body.pending.find((entry) => entry.currency === 'GBP')!.amount;
    expect(pending((await get('/v1/balance')).body)).toBe(pending(balance) + 12500);
  });

  it("charges the customer's default card when none is named", async () => {
    // Undefined fields are left out of the JSON body.
    const created = await post('/v1/charges', { ...CHARGE, tokenised_card_id: undefined });
    expect(created.body.tokenised_card_id).toBe('tc_4Nf8xPz');
  });

  it('authorises with capture false, then captures less, once', async () => {
    const created = await post('/v1/charges', { ...CHARGE, capture: false });
    expect(created.body).toMatchObject({ status: 'requires_capture', amount_captured: 0 });
    const holdDays = (Date.parse(created.body.capture_before) - sandbox.clock.now()) / 86_400_000;
    expect(Math.round(holdDays)).toBe(7);
    expect(await eventTypes()).toEqual([]);
    const tooMuch = await post(`/v1/charges/${created.body.id}/capture`, { amount: 20000 });
    expect(tooMuch.body.error).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    const captured = await post(`/v1/charges/${created.body.id}/capture`, { amount: 11000 });
    expect(captured.body).toMatchObject({
      status: 'succeeded',
      amount_captured: 11000,
      capture: false,
      capture_before: null,
    });
    const twice = await post(`/v1/charges/${created.body.id}/capture`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('charge_not_capturable');
    const cancel = await post(`/v1/charges/${created.body.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.code).toBe('charge_not_cancellable');
  });

  it('cancels an authorisation with its reason, releasing the hold', async () => {
    const created = await post('/v1/charges', { ...CHARGE, capture: false });
    const cancelled = await post(`/v1/charges/${created.body.id}/cancel`, {
      cancellation_reason: 'supplier_unavailable',
    });
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'supplier_unavailable',
      cancelled_at: expect.any(String),
      capture_before: null,
      amount_captured: 0,
    });
    expect(await eventTypes()).toEqual(['charge.cancelled']);
    const capture = await post(`/v1/charges/${created.body.id}/capture`);
    expect(capture.body.error.code).toBe('charge_not_capturable');
    const defaulted = await post('/v1/charges', { ...CHARGE, capture: false });
    const other = await post(`/v1/charges/${defaulted.body.id}/cancel`);
    expect(other.body.cancellation_reason).toBe('other');
  });

  it('lets the lapsing test card lapse two minutes after authorisation', async () => {
    const created = await post('/v1/charges', {
      ...CHARGE,
      tokenised_card_id: 'tc_test_authorisation_lapses',
      capture: false,
    });
    expect(created.body.status).toBe('requires_capture');
    expect(created.body.capture_before).toBe(
      timestamp(sandbox.clock.now() + LAPSING_AUTHORISATION_HOLD_MS),
    );
    sandbox.clock.advance(LAPSING_AUTHORISATION_HOLD_MS);
    expect((await get(`/v1/charges/${created.body.id}`)).body).toMatchObject({
      status: 'failed',
      failure_code: 'authorisation_expired',
      capture_before: null,
    });
    expect(await eventTypes()).toEqual(['charge.failed']);
  });

  it('refuses a cancelled booking, another currency, an amount below the minimum and an unknown booking', async () => {
    const booking = await post('/v1/bookings/bk_8Jd2kLq/cancel', {
      cancellation_reason: 'Customer cancelled',
    });
    expect(booking.body.status).toBe('cancelled');
    expect((await post('/v1/charges', CHARGE)).body.error.code).toBe('booking_cancelled');
    await sandbox.newSandbox();
    expect((await post('/v1/charges', { ...CHARGE, currency: 'EUR' })).body.error).toMatchObject({
      code: 'currency_mismatch',
      param: 'currency',
    });
    expect((await post('/v1/charges', { ...CHARGE, amount: 1 })).body.error).toMatchObject({
      code: 'amount_too_small',
      param: 'amount',
    });
    expect(
      (await post('/v1/charges', { ...CHARGE, booking_id: 'bk_missing' })).body.error,
    ).toMatchObject({ code: 'parameter_invalid', param: 'booking_id' });
  });
});

describe('3-D Secure on a saved card', () => {
  it('needs a return_url on-session', async () => {
    const answer = await post('/v1/charges', { ...onSession, return_url: undefined });
    expect(answer.body.error).toMatchObject({ code: 'parameter_missing', param: 'return_url' });
  });

  it('authenticates an ordinary card on-session without a challenge, shifting liability', async () => {
    const created = await post('/v1/charges', onSession);
    expect(created.body).toMatchObject({
      status: 'succeeded',
      off_session: false,
      card: { three_d_secure: { result: 'authenticated', liability_shift: true } },
    });
  });

  it('holds a challenged charge in requires_action, with where to send the customer', async () => {
    const waiting = await post('/v1/charges', {
      ...onSession,
      tokenised_card_id: 'tc_test_authentication_required',
    });
    const { id } = waiting.body;
    expect(waiting.body).toMatchObject({
      status: 'requires_action',
      amount_captured: 0,
      card: { three_d_secure: null },
      next_action: {
        type: 'redirect_to_url',
        redirect_url: `https://authenticate.kestrelpay.com/${id}`,
        return_url: `${RETURN_URL}?charge_id=${id}`,
      },
    });
    expect(waiting.body.next_action.expires_at).toBe(
      timestamp(sandbox.clock.now() + AUTHENTICATION_WINDOW_MS),
    );
    expect(await eventTypes()).toEqual([]);
    const capture = await post(`/v1/charges/${id}/capture`);
    expect(capture.body.error.code).toBe('charge_not_capturable');
  });

  it('after a passed challenge, holds a charge made to authorise only', async () => {
    const waiting = await post('/v1/charges', {
      ...onSession,
      capture: false,
      tokenised_card_id: 'tc_test_authentication_required',
    });
    const done = await post(`/v1/test_helpers/charges/${waiting.body.id}/authenticate`, {
      result: 'authenticated',
    });
    expect(done.body).toMatchObject({
      status: 'requires_capture',
      next_action: null,
      card: { three_d_secure: { result: 'authenticated', liability_shift: true } },
    });
    expect(await eventTypes()).toEqual([]);
    const again = await post(`/v1/test_helpers/charges/${waiting.body.id}/authenticate`, {
      result: 'authenticated',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('charge_not_awaiting_authentication');
  });

  it('fails a charge whose challenge failed, and cancels one the customer abandoned', async () => {
    const challenged = { ...onSession, tokenised_card_id: 'tc_test_authentication_required' };
    const failing = await post('/v1/charges', challenged);
    const failed = await post(`/v1/test_helpers/charges/${failing.body.id}/authenticate`, {
      result: 'failed',
    });
    expect(failed.body).toMatchObject({
      status: 'failed',
      failure_code: 'authentication_failed',
      card: { three_d_secure: { result: 'failed', liability_shift: false } },
    });
    const abandoned = await post('/v1/charges', challenged);
    const cancelled = await post(`/v1/charges/${abandoned.body.id}/cancel`, {
      cancellation_reason: 'abandoned',
    });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', next_action: null });
    expect(await eventTypes()).toEqual(['charge.failed', 'charge.cancelled']);
  });

  it('fails off-session with authentication_required when the issuer insists', async () => {
    const created = await post('/v1/charges', {
      ...CHARGE,
      tokenised_card_id: 'tc_test_authentication_required',
    });
    expect(created.body).toMatchObject({
      status: 'failed',
      failure_code: 'authentication_required',
      card: { three_d_secure: null },
    });
  });
});

describe('the card of a charge', () => {
  /** A booking of a customer other than the card's, as the reference's create examples make them. */
  async function otherCustomersBooking() {
    const customer = await post('/v1/customers', { name: 'Noah Ellis', email: 'noah@example.com' });
    const booking = await post('/v1/bookings', {
      reference: 'KP-2026-00931',
      customer_id: customer.body.id,
      total_amount: 50000,
      currency: 'GBP',
      departure_date: '2027-03-01',
    });
    expect(booking.status, JSON.stringify(booking.body)).toBe(201);
    return booking.body.id as string;
  }

  it("must be the booking's customer's, answering payment_method_unusable otherwise", async () => {
    const booking_id = await otherCustomersBooking();
    const refused = await post('/v1/charges', { ...CHARGE, booking_id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'payment_method_unusable',
      param: 'tokenised_card_id',
    });
    expect(refused.body.error.message).toMatch(/^The tokenised_card_id parameter must name /);
    const scheduled = await post('/v1/scheduled_payments', {
      booking_id,
      tokenised_card_id: 'tc_4Nf8xPz',
      amount: 10000,
      currency: 'GBP',
      due_date: '2027-01-15',
    });
    expect(scheduled.body.error?.code).toBe('payment_method_unusable');
  });

  it("may be a sandbox test card, which pays any customer's booking", async () => {
    const booking_id = await otherCustomersBooking();
    const paid = await post('/v1/charges', {
      ...CHARGE,
      booking_id,
      tokenised_card_id: 'tc_test_visa',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  });
});
