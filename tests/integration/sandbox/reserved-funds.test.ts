import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, patch, settle, clock } = sandbox;
const DAY_MS = 24 * 60 * 60 * 1000;

const parts = async () => ({
  available: await sandbox.balanceOf('available', 'GBP'),
  reserved: await sandbox.balanceOf('reserved', 'GBP'),
});

/** Holds funds until travel, and settles a payment for a trip a month away into `reserved`. */
async function reservedPayment() {
  await patch('/v1/organisation', { funds_release: 'on_departure' });
  await sandbox.bookAndCharge(
    {
      reference: `KP-RESERVED-${Date.now()}`,
      total_amount: 184000,
      currency: 'GBP',
      departure_date: new Date(clock.now() + 30 * DAY_MS).toISOString().slice(0, 10),
    },
    50000,
  );
  settle();
  const balance = await parts();
  expect(balance.reserved).toBeGreaterThan(0);
  return balance;
}

describe('money reserved until travel', () => {
  it('cannot be paid out: a payout beyond available answers insufficient_balance', async () => {
    const before = await reservedPayment();
    const payout = await post('/v1/payouts', { amount: before.available + 1, currency: 'GBP' });
    expect(before.available + 1).toBeLessThanOrEqual(before.available + before.reserved);
    expect(payout.status).toBe(409);
    expect(payout.body.error.code).toBe('insufficient_balance');
    expect(await parts()).toEqual(before);
  });

  it('cannot be disbursed: a disbursement beyond available answers insufficient_balance', async () => {
    const before = await reservedPayment();
    const disbursement = await post('/v1/disbursements', {
      amount: before.available + 1,
      currency: 'GBP',
      supplier_id: 'sup_2Lw8Hd',
    });
    expect(disbursement.status).toBe(409);
    expect(disbursement.body.error.code).toBe('insufficient_balance');
    expect(await parts()).toEqual(before);
  });
});
