// Retrieve the balance with `currency`, as its parameter says: only that currency, and empty
// arrays for one the account has never held.
import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const { get } = sandboxForEachTest();

describe('the balance of one currency', () => {
  it('answers empty available, pending and reserved arrays for a currency never held', async () => {
    const whole = (await get('/v1/balance')).body;
    const held = ['available', 'pending', 'reserved'].flatMap((part) =>
      (whole[part] as { currency: string }[]).map((entry) => entry.currency),
    );
    expect(held).not.toContain('USD');
    const usd = await get('/v1/balance?currency=USD');
    expect(usd.status).toBe(200);
    expect(usd.body).toMatchObject({ available: [], pending: [], reserved: [] });
    const gbp = (await get('/v1/balance?currency=GBP')).body;
    expect(gbp.available).toEqual([expect.objectContaining({ currency: 'GBP' })]);
  });
});
