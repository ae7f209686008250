import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ASYNC_STEP_DELAY_MS } from '@/lib/sandbox/limits';
import { startSandboxServer, testClock } from '../../support/sandbox-server';

const clock = testClock();
let server: Awaited<ReturnType<typeof startSandboxServer>>;
let token: string;

beforeAll(async () => {
  server = await startSandboxServer({ clock: clock.now });
});
afterAll(() => server.close());
beforeEach(async () => {
  token = await server.token();
});

const post = (path: string, body: unknown = {}) =>
  server.call('POST', path, { token, body, headers: { 'Idempotency-Key': randomUUID() } });
const get = (path: string) => server.call('GET', path, { token });
const eventTypes = async () =>
  ((await get('/inbox')).body.data as { type: string }[])
    .map((delivery) => delivery.type)
    .reverse();
const settle = () => clock.advance(ASYNC_STEP_DELAY_MS + 1);

const charge = {
  amount: 12500,
  currency: 'GBP',
  booking_id: 'bk_8Jd2kLq',
  payment_method: 'tc_4Nf8xPz',
};

describe('charge', () => {
  it('captures at once by default, sending charge.succeeded, and pays the booking', async () => {
    const before = (await get('/v1/bookings/bk_8Jd2kLq')).body;
    const created = await post('/v1/charges', charge);
    expect(created.body).toMatchObject({
      status: 'succeeded',
      amount_captured: 12500,
      customer_id: 'cus_5Tr9Wm',
    });
    expect(await eventTypes()).toEqual(['charge.succeeded']);
    const after = (await get('/v1/bookings/bk_8Jd2kLq')).body;
    expect(after.amount_paid).toBe(before.amount_paid + 12500);
  });

  it('authorises with capture false, then captures less, once', async () => {
    const created = await post('/v1/charges', { ...charge, capture: false });
    expect(created.body).toMatchObject({ status: 'requires_capture', amount_captured: 0 });
    expect(Date.parse(created.body.capture_before)).toBeGreaterThan(clock.now());
    expect(await eventTypes()).toEqual([]);
    const tooMuch = await post(`/v1/charges/${created.body.id}/capture`, { amount: 20000 });
    expect(tooMuch.body.error).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    const captured = await post(`/v1/charges/${created.body.id}/capture`, { amount: 11000 });
    expect(captured.body).toMatchObject({
      status: 'succeeded',
      amount_captured: 11000,
      capture_before: null,
    });
    const twice = await post(`/v1/charges/${created.body.id}/capture`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('charge_not_capturable');
    expect(
      (await get(`/v1/charges?status=requires_capture&booking_id=bk_8Jd2kLq`)).body.data.map(
        (c: { id: string }) => c.id,
      ),
    ).not.toContain(created.body.id);
  });

  it('refuses a cancelled booking, another currency and an amount below the minimum', async () => {
    const booking = await post('/v1/bookings/bk_8Jd2kLq/cancel', {
      cancellation_reason: 'Customer cancelled',
    });
    expect(booking.body.status).toBe('cancelled');
    expect((await post('/v1/charges', charge)).body.error.code).toBe('booking_cancelled');
    token = await server.token();
    expect((await post('/v1/charges', { ...charge, currency: 'EUR' })).body.error).toMatchObject({
      code: 'currency_mismatch',
      param: 'currency',
    });
    expect((await post('/v1/charges', { ...charge, amount: 1 })).body.error).toMatchObject({
      code: 'amount_too_small',
      param: 'amount',
    });
    expect(
      (await post('/v1/charges', { ...charge, booking_id: 'bk_missing' })).body.error,
    ).toMatchObject({ code: 'parameter_invalid', param: 'booking_id' });
  });
});

describe('refund', () => {
  it('is pending, then succeeds after the asynchronous delay; refunds stop at what was captured', async () => {
    const paid = (await post('/v1/charges', charge)).body;
    const refund = await post('/v1/refunds', { charge_id: paid.id, amount: 4500 });
    expect(refund.body).toMatchObject({
      status: 'pending',
      amount: 4500,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
    });
    expect((await get(`/v1/charges/${paid.id}`)).body.amount_refunded).toBe(4500);
    const tooMuch = await post('/v1/refunds', { charge_id: paid.id, amount: 9000 });
    expect(tooMuch.body.error).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    settle();
    expect((await get(`/v1/refunds/${refund.body.id}`)).body.status).toBe('succeeded');
    expect(await eventTypes()).toEqual(['charge.succeeded', 'refund.created', 'refund.succeeded']);
    await post('/v1/refunds', { charge_id: paid.id });
    const nothingLeft = await post('/v1/refunds', { charge_id: paid.id });
    expect(nothingLeft.body.error.code).toBe('charge_already_refunded');
  });
});

describe('chargeback', () => {
  it('takes evidence while it needs a response, and is lost once accepted', async () => {
    const reviewed = await post('/v1/chargebacks/cb_2Pq7Vn/evidence', {
      evidence: { explanation: 'Stayed 7 nights.' },
    });
    expect(reviewed.body).toMatchObject({
      status: 'under_review',
      evidence: { explanation: 'Stayed 7 nights.' },
    });
    const late = await post('/v1/chargebacks/cb_2Pq7Vn/accept');
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('chargeback_not_awaiting_response');
    token = await server.token();
    const accepted = await post('/v1/chargebacks/cb_2Pq7Vn/accept');
    expect(accepted.body).toMatchObject({ status: 'lost' });
    expect(accepted.body.closed_at).not.toBeNull();
    expect(await eventTypes()).toEqual(['chargeback.closed']);
  });
});

describe('disbursement', () => {
  const payout = {
    amount: 96000,
    currency: 'GBP',
    supplier_id: 'sup_2Lw8Hd',
    reference: 'SOL-55821',
  };

  it('is paid after the asynchronous delay, and can no longer be cancelled', async () => {
    const created = await post('/v1/disbursements', payout);
    expect(created.body.status).toBe('pending');
    settle();
    expect((await get(`/v1/disbursements/${created.body.id}`)).body).toMatchObject({
      status: 'paid',
    });
    expect(await eventTypes()).toEqual(['disbursement.paid']);
    const cancel = await post(`/v1/disbursements/${created.body.id}/cancel`);
    expect(cancel.body.error.code).toBe('disbursement_not_cancellable');
  });

  it('cancelled while pending, is never paid', async () => {
    const created = await post('/v1/disbursements', payout);
    expect((await post(`/v1/disbursements/${created.body.id}/cancel`)).body.status).toBe(
      'cancelled',
    );
    settle();
    expect((await get(`/v1/disbursements/${created.body.id}`)).body.status).toBe('cancelled');
    expect(await eventTypes()).toEqual([]);
  });
});

describe('scheduled payment', () => {
  it('is collected with a new charge after the delay, and then accepts no change', async () => {
    const created = await post('/v1/scheduled_payments', {
      booking_id: 'bk_8Jd2kLq',
      tokenised_card_id: 'tc_4Nf8xPz',
      amount: 73600,
      currency: 'GBP',
      due_date: '2026-05-18',
    });
    expect(created.body).toMatchObject({ status: 'scheduled', attempt_count: 0, charge_id: null });
    settle();
    const collected = (await get(`/v1/scheduled_payments/${created.body.id}`)).body;
    expect(collected).toMatchObject({ status: 'paid', attempt_count: 1 });
    expect((await get(`/v1/charges/${collected.charge_id}`)).body).toMatchObject({
      status: 'succeeded',
      amount: 73600,
    });
    expect(await eventTypes()).toEqual(['charge.succeeded', 'scheduled_payment.paid']);
    const cancel = await post(`/v1/scheduled_payments/${created.body.id}/cancel`);
    expect(cancel.body.error.code).toBe('scheduled_payment_not_scheduled');
  });
});

describe('booking', () => {
  it('cancelled, deactivates its active payment links and cannot be cancelled again', async () => {
    const link = await post('/v1/payment_links', {
      amount: 36800,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
    });
    const cancelled = await post('/v1/bookings/bk_8Jd2kLq/cancel', {
      cancellation_reason: 'Trip cancelled',
    });
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      amount_due: 0,
      cancellation_reason: 'Trip cancelled',
    });
    expect((await get(`/v1/payment_links/${link.body.id}`)).body.status).toBe('deactivated');
    const again = await post('/v1/bookings/bk_8Jd2kLq/cancel');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('booking_cancelled');
  });
});

describe('payment link', () => {
  it('is active when created, deactivates once, and lists newest first', async () => {
    const created = await post('/v1/payment_links', {
      amount: 36800,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
    });
    expect(created.body).toMatchObject({ status: 'active', charge_id: null });
    expect(created.body.url).toContain(created.body.id);
    expect((await get('/v1/payment_links')).body.data[0].id).toBe(created.body.id);
    expect((await post(`/v1/payment_links/${created.body.id}/deactivate`)).body.status).toBe(
      'deactivated',
    );
    const again = await post(`/v1/payment_links/${created.body.id}/deactivate`);
    expect(again.body.error.code).toBe('payment_link_not_active');
  });
});

describe('lists', () => {
  it('page with starting_after and ending_before, filter by field and time', async () => {
    const created: { id: string; created_at: string }[] = [];
    for (let index = 0; index < 3; index += 1) {
      clock.advance(1000);
      created.unshift((await post('/v1/charges', charge)).body);
    }
    const ids = created.map((object) => object.id);
    const first = (await get('/v1/charges?limit=2')).body;
    expect(first.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 2));
    expect(first).toMatchObject({ has_more: true, next_cursor: ids[1] });
    const second = (await get(`/v1/charges?limit=2&starting_after=${first.next_cursor}`)).body;
    expect(second.data[0].id).toBe(ids[2]);
    const back = (await get(`/v1/charges?limit=2&ending_before=${ids[2]}`)).body;
    expect(back.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 2));
    const since = created[0]!.created_at;
    expect(
      (await get(`/v1/charges?created_after=${since}`)).body.data.map((c: { id: string }) => c.id),
    ).toEqual([ids[0]]);
    const requiresCapture = (await get('/v1/charges?status=requires_capture')).body.data;
    expect(requiresCapture.every((c: { status: string }) => c.status === 'requires_capture')).toBe(
      true,
    );
  });

  it('stop showing a deleted object, sample objects included', async () => {
    expect((await server.call('DELETE', '/v1/customers/cus_5Tr9Wm', { token })).body).toMatchObject(
      { deleted: true },
    );
    expect((await get('/v1/customers/cus_5Tr9Wm')).status).toBe(404);
    expect((await get('/v1/customers')).body.data.map((c: { id: string }) => c.id)).not.toContain(
      'cus_5Tr9Wm',
    );
  });
});
