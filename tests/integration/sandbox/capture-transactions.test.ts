import { describe, expect, it } from 'vitest';
import { AUTHORISATION_HOLD_MS } from '@/lib/sandbox/limits';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, advanceTestClock } = sandbox;
const held = { ...CHARGE, capture: false };
const capture = (id: string, body: Record<string, unknown> = {}) =>
  post(`/v1/charges/${id}/capture`, body);
/** The transactions of one charge, as the reconciliation guide lists them. */
const transactionsOf = async (id: string) =>
  (await get(`/v1/transactions?source_id=${id}&limit=100`)).body.data as Record<string, unknown>[];

describe('a capture sent without an amount', () => {
  it('captures the whole authorisation', async () => {
    const charge = (await post('/v1/charges', held)).body;
    const captured = await capture(charge.id);
    expect(captured.body).toMatchObject({ status: 'succeeded', amount_captured: CHARGE.amount });
  });

  it('captures all that is left after captures in parts', async () => {
    const charge = (await post('/v1/charges', held)).body;
    await capture(charge.id, { amount: 4000, final_capture: false });
    const rest = await capture(charge.id);
    expect(rest.body).toMatchObject({ status: 'succeeded', amount_captured: CHARGE.amount });
    const amounts = (await transactionsOf(charge.id)).map(({ amount }) => Number(amount));
    expect(amounts.sort((a, b) => a - b)).toEqual([4000, CHARGE.amount - 4000]);
  });
});

describe('the transactions of an authorisation', () => {
  it('are one charge transaction of the captured amount when only part is captured', async () => {
    const charge = (await post('/v1/charges', held)).body;
    const captured = await capture(charge.id, { amount: 5000 });
    expect(captured.body).toMatchObject({ status: 'succeeded', amount_captured: 5000 });
    const transactions = await transactionsOf(charge.id);
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({
      type: 'charge',
      source_id: charge.id,
      amount: captured.body.amount_captured,
      currency: 'GBP',
    });
  });

  it('are none when it is cancelled uncaptured', async () => {
    const charge = (await post('/v1/charges', held)).body;
    const cancelled = await post(`/v1/charges/${charge.id}/cancel`, {
      cancellation_reason: 'requested_by_customer',
    });
    expect(cancelled.body.status).toBe('cancelled');
    expect(await transactionsOf(charge.id)).toEqual([]);
  });

  it('are none when it lapses uncaptured', async () => {
    const charge = (await post('/v1/charges', held)).body;
    await advanceTestClock(AUTHORISATION_HOLD_MS + 60_000);
    expect((await get(`/v1/charges/${charge.id}`)).body).toMatchObject({
      status: 'failed',
      failure_code: 'authorisation_expired',
    });
    expect(await transactionsOf(charge.id)).toEqual([]);
  });
});
