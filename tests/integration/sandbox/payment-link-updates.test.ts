import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

// What a payment link lets change after its creation, and while it is in which status.
const { post, get, patch, clock } = sandboxForEachTest();

const LINK = { amount: 36800, currency: 'GBP', booking_id: 'bk_8Jd2kLq' };
const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function link() {
  const created = await post('/v1/payment_links', LINK);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

describe('updating a payment link', () => {
  it('changes description and expires_at while the link is active', async () => {
    const id = await link();
    const expiresAt = iso(clock.now() + 5 * DAY_MS);
    const changed = await patch(`/v1/payment_links/${id}`, {
      description: 'Balance for Mallorca, valid one more week',
      expires_at: expiresAt,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      description: 'Balance for Mallorca, valid one more week',
      expires_at: expiresAt,
    });
  });

  it('answers 409 payment_link_not_active for a paid or deactivated link', async () => {
    const deactivated = await link();
    await post(`/v1/payment_links/${deactivated}/deactivate`);
    const paid = await link();
    await post(`/v1/test_helpers/payment_links/${paid}/pay`, {
      payment_method_type: 'card',
      card_number: '4111111111111111',
    });
    for (const id of [deactivated, paid]) {
      const before = (await get(`/v1/payment_links/${id}`)).body;
      expect(['deactivated', 'paid']).toContain(before.status);
      for (const change of [
        { description: 'A few more days' },
        { expires_at: iso(clock.now() + 5 * DAY_MS) },
      ]) {
        const refused = await patch(`/v1/payment_links/${id}`, change);
        expect(refused.status, JSON.stringify(refused.body)).toBe(409);
        expect(refused.body.error.code).toBe('payment_link_not_active');
      }
      expect((await get(`/v1/payment_links/${id}`)).body).toEqual(before);
    }
  });

  it('refuses a new amount with 400 parameter_invalid: the amount is fixed at creation', async () => {
    const id = await link();
    const refused = await patch(`/v1/payment_links/${id}`, { amount: 20000 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'amount' });
    expect((await get(`/v1/payment_links/${id}`)).body.amount).toBe(LINK.amount);
  });
});
