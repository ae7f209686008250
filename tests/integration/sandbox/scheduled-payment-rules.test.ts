import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

// What a scheduled payment accepts when it is created and changed: its due_date's range, its
// status, the card it charges; and what an attempt leaves on it.
const { post, get, patch, clock } = sandboxForEachTest();

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = () => dayOf(clock.now());
const tomorrow = () => dayOf(clock.now() + DAY_MS);
const INSTALMENT = { booking_id: 'bk_8Jd2kLq', amount: 5000, currency: 'GBP' };

/** The documented booking's departure_date in this sandbox, and the day after it. */
async function departure() {
  const date = (await get('/v1/bookings/bk_8Jd2kLq')).body.departure_date as string;
  return { date, dayAfter: dayOf(Date.parse(date) + DAY_MS) };
}

async function instalment(extra: Record<string, unknown> = {}) {
  const created = await post('/v1/scheduled_payments', {
    ...INSTALMENT,
    tokenised_card_id: 'tc_test_visa',
    due_date: tomorrow(),
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const attempt = (id: string) => post(`/v1/test_helpers/scheduled_payments/${id}/attempt`);

describe('the due_date of a scheduled payment', () => {
  it('is refused before tomorrow (UTC) or after the booking departs, with parameter_invalid', async () => {
    const { dayAfter } = await departure();
    for (const dueDate of [today(), dayAfter]) {
      const refused = await post('/v1/scheduled_payments', {
        ...INSTALMENT,
        tokenised_card_id: 'tc_test_visa',
        due_date: dueDate,
      });
      expect(refused.status, dueDate).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'due_date' });
    }
  });

  it('may fall on any day from tomorrow to the departure_date', async () => {
    const { date } = await departure();
    expect((await instalment({ due_date: tomorrow() })).due_date).toBe(tomorrow());
    expect((await instalment({ due_date: date })).due_date).toBe(date);
  });

  it('keeps to the same range when it is changed', async () => {
    const { date, dayAfter } = await departure();
    const payment = await instalment();
    for (const dueDate of [today(), dayAfter]) {
      const refused = await patch(`/v1/scheduled_payments/${payment.id}`, { due_date: dueDate });
      expect(refused.status, dueDate).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'due_date' });
    }
    const moved = await patch(`/v1/scheduled_payments/${payment.id}`, { due_date: date });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.due_date).toBe(date);
  });
});

describe('changing a scheduled payment', () => {
  it('answers 409 scheduled_payment_not_scheduled once it is paid or cancelled', async () => {
    const paid = await instalment();
    expect((await attempt(paid.id)).body.status).toBe('paid');
    const cancelled = await instalment();
    await post(`/v1/scheduled_payments/${cancelled.id}/cancel`);
    for (const id of [paid.id, cancelled.id]) {
      const refused = await patch(`/v1/scheduled_payments/${id}`, { amount: 6000 });
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.error.code).toBe('scheduled_payment_not_scheduled');
      expect((await get(`/v1/scheduled_payments/${id}`)).body.amount).toBe(INSTALMENT.amount);
    }
  });

  it('keeps last_failure_code after a later attempt on another card succeeds', async () => {
    const payment = await instalment({ tokenised_card_id: 'tc_test_insufficient_funds' });
    const declined = (await attempt(payment.id)).body;
    expect(declined).toMatchObject({
      status: 'scheduled',
      last_failure_code: 'insufficient_funds',
    });
    const switched = await patch(`/v1/scheduled_payments/${payment.id}`, {
      tokenised_card_id: 'tc_test_visa',
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const paid = (await attempt(payment.id)).body;
    expect(paid).toMatchObject({
      status: 'paid',
      attempt_count: 2,
      last_failure_code: 'insufficient_funds',
    });
    expect(paid.charge_id).toMatch(/^ch_/);
  });
});

describe('a scheduled payment that names no card', () => {
  it("charges the customer's default_tokenised_card_id", async () => {
    const customer = (await get('/v1/customers/cus_5Tr9Wm')).body;
    expect(customer.default_tokenised_card_id).toMatch(/^tc_/);
    const payment = await instalment({ tokenised_card_id: undefined });
    expect(payment.tokenised_card_id).toBe(customer.default_tokenised_card_id);
    const paid = (await attempt(payment.id)).body;
    expect(paid.status).toBe('paid');
    const charge = (await get(`/v1/charges/${paid.charge_id}`)).body;
    expect(charge).toMatchObject({
      tokenised_card_id: customer.default_tokenised_card_id,
      off_session: true,
    });
  });
});
