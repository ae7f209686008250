import { describe, expect, it } from 'vitest';
import { nextCutOff } from '@/lib/sandbox/machines/payout';
import { timestamp } from '@/lib/sandbox/time';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, eventTypes, settle, clock, advanceTestClock } = sandbox;

type Amounts = { amount: number; currency: string }[];
const available = async (currency = 'GBP') =>
  ((await get('/v1/balance')).body.available as Amounts).find(
    (entry) => entry.currency === currency,
  )?.amount ?? 0;

describe('refund', () => {
  it('is pending, then succeeds after the asynchronous delay; refunds stop at what was captured', async () => {
    const paid = (await post('/v1/charges', CHARGE)).body;
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

  it('that fails gives its amount back to what the charge can refund', async () => {
    const paid = (await post('/v1/charges', CHARGE)).body;
    const failing = await post('/v1/refunds', { charge_id: paid.id, amount: 1001 });
    settle();
    expect((await get(`/v1/refunds/${failing.body.id}`)).body).toMatchObject({
      status: 'failed',
      failure_code: 'card_closed',
    });
    expect((await get(`/v1/charges/${paid.id}`)).body.amount_refunded).toBe(0);
  });
});

describe('disbursement', () => {
  const payout = {
    amount: 96000,
    currency: 'GBP',
    supplier_id: 'sup_2Lw8Hd',
    reference: 'SOL-55821',
  };

  it('is taken from the available balance, then paid after the asynchronous delay', async () => {
    const before = await available();
    const created = await post('/v1/disbursements', payout);
    expect(created.body.status).toBe('pending');
    expect(await available()).toBe(before - 96000);
    settle();
    expect((await get(`/v1/disbursements/${created.body.id}`)).body).toMatchObject({
      status: 'paid',
      paid_at: expect.any(String),
    });
    expect(await eventTypes()).toEqual(['disbursement.paid']);
    const cancel = await post(`/v1/disbursements/${created.body.id}/cancel`);
    expect(cancel.body.error.code).toBe('disbursement_not_cancellable');
  });

  it('cancelled while pending, is never paid and gives its amount back', async () => {
    const before = await available();
    const created = await post('/v1/disbursements', payout);
    const cancelled = await post(`/v1/disbursements/${created.body.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', expected_arrival_date: null });
    settle();
    expect((await get(`/v1/disbursements/${created.body.id}`)).body.status).toBe('cancelled');
    expect(await available()).toBe(before);
    expect(await eventTypes()).toEqual([]);
  });

  it('of the held test amount waits for the next cut-off, so it can be cancelled, then is paid', async () => {
    const cutOff = nextCutOff(clock.now());
    const held = (await post('/v1/disbursements', { ...payout, amount: 2004 })).body;
    expect(held).toMatchObject({
      status: 'pending',
      expected_arrival_date: timestamp(cutOff).slice(0, 10),
    });
    settle();
    settle();
    expect((await get(`/v1/disbursements/${held.id}`)).body.status).toBe('pending');
    const other = (await post('/v1/disbursements', { ...payout, amount: 2004 })).body;
    expect((await post(`/v1/disbursements/${other.id}/cancel`)).body.status).toBe('cancelled');
    await advanceTestClock(cutOff - clock.now());
    expect((await get(`/v1/disbursements/${held.id}`)).body).toMatchObject({
      status: 'paid',
      paid_at: timestamp(cutOff),
    });
    expect(await eventTypes()).toEqual(['disbursement.paid']);
  });

  it('that fails gives its amount back', async () => {
    const before = await available();
    await post('/v1/disbursements', { ...payout, amount: 2001 });
    settle();
    expect(await available()).toBe(before);
    expect(await eventTypes()).toEqual(['disbursement.failed']);
  });

  it('is refused with insufficient_balance beyond the available balance', async () => {
    const refused = await post('/v1/disbursements', { ...payout, amount: (await available()) + 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'insufficient_balance', param: 'amount' });
  });

  it('is refused in a currency other than the supplier’s', async () => {
    const refused = await post('/v1/disbursements', { ...payout, currency: 'USD' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'currency_mismatch', param: 'currency' });
  });
});

describe('scheduled payment', () => {
  /** The day `days` after today, as `YYYY-MM-DD`: due dates fall from tomorrow to departure. */
  const dayIn = (days: number) =>
    new Date(sandbox.clock.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const instalment = {
    booking_id: 'bk_8Jd2kLq',
    tokenised_card_id: 'tc_4Nf8xPz',
    amount: 73600,
    currency: 'GBP',
    due_date: dayIn(7),
  };
  const attempt = (id: string) => post(`/v1/test_helpers/scheduled_payments/${id}/attempt`);

  it('waits for its due date, then is collected with a new charge and accepts no change', async () => {
    const created = await post('/v1/scheduled_payments', instalment);
    expect(created.body).toMatchObject({
      status: 'scheduled',
      attempt_count: 0,
      next_attempt_at: `${dayIn(7)}T08:00:00Z`,
      charge_id: null,
    });
    settle();
    expect((await get(`/v1/scheduled_payments/${created.body.id}`)).body.status).toBe('scheduled');
    const collected = (await attempt(created.body.id)).body;
    expect(collected).toMatchObject({ status: 'paid', attempt_count: 1, next_attempt_at: null });
    expect((await get(`/v1/charges/${collected.charge_id}`)).body).toMatchObject({
      status: 'succeeded',
      amount: 73600,
      off_session: true,
      tokenised_card_id: 'tc_4Nf8xPz',
    });
    expect(await eventTypes()).toEqual(['charge.succeeded', 'scheduled_payment.paid']);
    const cancel = await post(`/v1/scheduled_payments/${created.body.id}/cancel`);
    expect(cancel.body.error.code).toBe('scheduled_payment_not_scheduled');
  });

  it('retries a declined card one, three and five days after its due date, then fails', async () => {
    const created = await post('/v1/scheduled_payments', {
      ...instalment,
      tokenised_card_id: 'tc_test_insufficient_funds',
    });
    const retries = [];
    for (let index = 0; index < 3; index += 1) retries.push((await attempt(created.body.id)).body);
    expect(retries.map((payment) => payment.next_attempt_at)).toEqual([
      `${dayIn(8)}T08:00:00Z`,
      `${dayIn(10)}T08:00:00Z`,
      `${dayIn(12)}T08:00:00Z`,
    ]);
    expect(retries.at(-1)).toMatchObject({
      status: 'scheduled',
      attempt_count: 3,
      last_failure_code: 'insufficient_funds',
      charge_id: null,
    });
    const failed = (await attempt(created.body.id)).body;
    expect(failed).toMatchObject({ status: 'failed', attempt_count: 4, next_attempt_at: null });
    const charges = (await get('/v1/charges?status=failed')).body.data as { id: string }[];
    // The attempts' charges, beside the story's declined one.
    const story = sandbox.model().seeds.get('charge')!;
    expect(charges.filter((charge) => !story.has(charge.id))).toHaveLength(4);
    expect((await attempt(created.body.id)).body.error.code).toBe(
      'scheduled_payment_not_scheduled',
    );
  });

  it('starts its attempts again on a new due date', async () => {
    const created = await post('/v1/scheduled_payments', {
      ...instalment,
      tokenised_card_id: 'tc_test_insufficient_funds',
    });
    await attempt(created.body.id);
    const moved = await sandbox.patch(`/v1/scheduled_payments/${created.body.id}`, {
      due_date: dayIn(21),
    });
    expect(moved.body).toMatchObject({
      attempt_count: 0,
      next_attempt_at: `${dayIn(21)}T08:00:00Z`,
    });
  });
});
