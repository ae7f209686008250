import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASYNC_STEP_DELAY_MS } from '@/lib/sandbox/limits';
import { MAX_CLOCK_ADVANCE_SECONDS } from '@/lib/sandbox/test-clock';
import { startSandboxServer } from '../../support/sandbox-server';
import { ownDeliveries } from '../../support/story-events';

type Delivery = { type: string; body: string };

// The test clock as a terminal uses it: plain HTTP, real time, a sandbox per test.
let server: Awaited<ReturnType<typeof startSandboxServer>>;
beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

const DAY_SECONDS = 24 * 60 * 60;
const BOOKING = 'bk_8Jd2kLq';
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_SECONDS * 1000);

async function sandbox() {
  const token = await server.token();
  const post = (path: string, body: unknown = {}) =>
    server.call('POST', path, { token, body, headers: { 'Idempotency-Key': randomUUID() } });
  const get = (path: string) => server.call('GET', path, { token });
  const advance = (body: unknown) => server.call('POST', '/clock/advance', { token, body });
  /** The inbox's event types of the test's own objects, oldest first. */
  const eventTypes = async () =>
    ownDeliveries(server.sandbox.model, (await get('/inbox')).body.data as Delivery[])
      .map(({ type }) => type)
      .reverse();
  return { token, post, get, advance, eventTypes };
}

describe('the test clock', () => {
  it('starts at the real time and moves forward by seconds or to a date', async () => {
    const { get, advance } = await sandbox();
    const start = (await get('/clock')).body;
    expect(start).toMatchObject({ object: 'test_clock', advanced_by_seconds: 0 });
    expect(Math.abs(Date.parse(start.now) - Date.now())).toBeLessThan(5000);

    const day = await advance({ seconds: DAY_SECONDS });
    expect(day.status).toBe(200);
    expect(day.body.advanced_by_seconds).toBeGreaterThanOrEqual(DAY_SECONDS);
    const to = daysFromNow(10)
      .toISOString()
      .replace(/\.\d+Z$/, 'Z');
    const moved = await advance({ to });
    expect(moved.body.now).toBe(to);
    expect((await get('/clock')).body.advanced_by_seconds).toBeGreaterThan(9 * DAY_SECONDS);
  });

  it('refuses going back, too far, or an unclear request, naming the field', async () => {
    const { advance } = await sandbox();
    const cases: [unknown, string][] = [
      [{ to: daysFromNow(-1).toISOString() }, 'to'],
      [{ to: 'next tuesday' }, 'to'],
      [{ seconds: MAX_CLOCK_ADVANCE_SECONDS + 1 }, 'seconds'],
      [{ seconds: 1.5 }, 'seconds'],
      [{ seconds: 60, to: daysFromNow(1).toISOString() }, 'seconds'],
      [{}, 'seconds'],
    ];
    for (const [body, param] of cases) {
      const refused = await advance(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param });
    }
  });

  it('keeps the token working: the token lives on real time', async () => {
    const { advance, get } = await sandbox();
    await advance({ seconds: 31 * DAY_SECONDS });
    expect((await get('/v1/charges')).status).toBe(200);
  });

  it('lapses an authorisation not captured within 7 days, with charge.failed', async () => {
    const { post, get, advance, eventTypes } = await sandbox();
    const held = await post('/v1/charges', {
      amount: 12500,
      currency: 'GBP',
      booking_id: BOOKING,
      tokenised_card_id: 'tc_test_visa',
      capture: false,
    });
    expect(held.body.status).toBe('requires_capture');
    await advance({ seconds: DAY_SECONDS });
    expect((await get(`/v1/charges/${held.body.id}`)).body.status).toBe('requires_capture');
    await advance({ seconds: 7 * DAY_SECONDS });
    expect((await get(`/v1/charges/${held.body.id}`)).body).toMatchObject({
      status: 'failed',
      failure_code: 'authorisation_expired',
    });
    expect(await eventTypes()).toContain('charge.failed');
  });

  it('expires a payment link when its expires_at passes, unless it was paid', async () => {
    const { post, get, advance, eventTypes } = await sandbox();
    const link = { amount: 36800, currency: 'GBP', booking_id: BOOKING };
    const expiring = await post('/v1/payment_links', {
      ...link,
      expires_at: daysFromNow(2)
        .toISOString()
        .replace(/\.\d+Z$/, 'Z'),
    });
    const paid = await post('/v1/payment_links', {
      ...link,
      expires_at: daysFromNow(2)
        .toISOString()
        .replace(/\.\d+Z$/, 'Z'),
    });
    expect(expiring.status, JSON.stringify(expiring.body)).toBe(201);
    await post(`/v1/test_helpers/payment_links/${paid.body.id}/pay`, {
      payment_method_type: 'card',
      card_number: '4111111111111111',
    });
    expect((await get(`/v1/payment_links/${paid.body.id}`)).body.status).toBe('paid');
    await advance({ seconds: 3 * DAY_SECONDS });
    expect((await get(`/v1/payment_links/${expiring.body.id}`)).body.status).toBe('expired');
    expect((await get(`/v1/payment_links/${paid.body.id}`)).body.status).toBe('paid');
    expect((await eventTypes()).filter((type) => type.startsWith('payment_link.'))).toEqual([
      'payment_link.paid',
      'payment_link.expired',
    ]);
  });

  it('makes a scheduled payment’s collection attempt when its due date comes', async () => {
    const { post, get, advance, eventTypes } = await sandbox();
    const due = daysFromNow(10).toISOString().slice(0, 10);
    const instalment = await post('/v1/scheduled_payments', {
      booking_id: BOOKING,
      amount: 73600,
      currency: 'GBP',
      due_date: due,
      tokenised_card_id: 'tc_test_visa',
    });
    expect(instalment.status, JSON.stringify(instalment.body)).toBe(201);
    await advance({ seconds: 7 * DAY_SECONDS });
    expect((await get(`/v1/scheduled_payments/${instalment.body.id}`)).body.status).toBe(
      'scheduled',
    );
    await advance({ seconds: 7 * DAY_SECONDS });
    const paid = (await get(`/v1/scheduled_payments/${instalment.body.id}`)).body;
    expect(paid).toMatchObject({ status: 'paid', attempt_count: 1 });
    expect((await get(`/v1/charges/${paid.charge_id}`)).body.created_at.slice(0, 10)).toBe(due);
    expect(await eventTypes()).toEqual(['charge.succeeded', 'scheduled_payment.paid']);
  });

  it('retries a declined instalment on its retry days, then fails it', async () => {
    const { post, get, advance, eventTypes } = await sandbox();
    const instalment = await post('/v1/scheduled_payments', {
      booking_id: BOOKING,
      amount: 73600,
      currency: 'GBP',
      due_date: daysFromNow(2).toISOString().slice(0, 10),
      tokenised_card_id: 'tc_test_insufficient_funds',
    });
    await advance({ seconds: 31 * DAY_SECONDS });
    const failed = (await get(`/v1/scheduled_payments/${instalment.body.id}`)).body;
    expect(failed.status).toBe('failed');
    expect((await eventTypes()).at(-1)).toBe('scheduled_payment.failed');
  });

  it('closes a chargeback left unanswered past its evidence deadline as lost', async () => {
    const { post, get, advance, eventTypes } = await sandbox();
    const charge = await post('/v1/charges', {
      amount: 12500,
      currency: 'GBP',
      booking_id: BOOKING,
      tokenised_card_id: 'tc_test_dispute_fraudulent',
    });
    // The chargeback opens once the charge's asynchronous step falls due.
    await advance({ seconds: Math.ceil(ASYNC_STEP_DELAY_MS / 1000) + 1 });
    const [opened] = (await get('/v1/chargebacks')).body.data.filter(
      (chargeback: { charge_id: string }) => chargeback.charge_id === charge.body.id,
    );
    expect(opened.status).toBe('needs_response');
    await advance({ to: new Date(Date.parse(opened.evidence_due_by) + 1000).toISOString() });
    expect((await get(`/v1/chargebacks/${opened.id}`)).body.status).toBe('lost');
    expect((await eventTypes()).at(-1)).toBe('chargeback.closed');
    expect((await get(`/v1/charges/${charge.body.id}`)).body.disputed).toBe(false);
  });
});
