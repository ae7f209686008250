import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

// An e-commerce order paid on its hosted checkout with the test helper: the ways to pay it
// offers, and the card it saves.
const { post, get, settle } = sandboxForEachTest();

const ORDER = {
  booking_id: 'bk_8Jd2kLq',
  amount: 36800,
  currency: 'GBP',
  return_url: 'https://agent.example.com/bookings/KP-2026-00417/paid',
};
const VISA = '4111111111111111';
const DECLINED = '4000000000000010';

async function order(extra: Record<string, unknown> = {}) {
  const created = await post('/v1/ecommerce/orders', { ...ORDER, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

const pay = (id: string, body: Record<string, unknown>) =>
  post(`/v1/test_helpers/ecommerce/orders/${id}/pay`, body);

describe('the ways an e-commerce order offers to pay', () => {
  it('refuses Apple Pay and Google Pay unless payment_method_types lists them', async () => {
    const cardOnly = await order({ payment_method_types: ['card'] });
    for (const wallet of ['apple_pay', 'google_pay']) {
      const refused = await pay(cardOnly, { payment_method_type: wallet, card_number: VISA });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'parameter_invalid',
        param: 'payment_method_type',
      });
    }
    expect((await get(`/v1/ecommerce/orders/${cardOnly}`)).body.status).toBe('open');
    const wallets = await order({ payment_method_types: ['card', 'apple_pay'] });
    const paid = await pay(wallets, { payment_method_type: 'apple_pay', card_number: VISA });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'succeeded', card: { wallet: 'apple_pay' } });
    expect((await get(`/v1/ecommerce/orders/${wallets}`)).body.status).toBe('completed');
  });
});

describe('the card an e-commerce order saves', () => {
  it('is saved only when the customer agrees on the page', async () => {
    const unticked = await order({ save_card: true });
    const unsaved = await pay(unticked, { payment_method_type: 'card', card_number: VISA });
    expect(unsaved.body).toMatchObject({ status: 'succeeded', tokenised_card_id: null });
    expect((await get(`/v1/ecommerce/orders/${unticked}`)).body.tokenised_card_id).toBeNull();
    const agreed = await order({ save_card: true });
    const saved = await pay(agreed, {
      payment_method_type: 'card',
      card_number: VISA,
      save_card: true,
    });
    expect(saved.body.tokenised_card_id).toMatch(/^tc_/);
    expect((await get(`/v1/ecommerce/orders/${agreed}`)).body.tokenised_card_id).toBe(
      saved.body.tokenised_card_id,
    );
    const card = await get(`/v1/tokenised_cards/${saved.body.tokenised_card_id}`);
    expect(card.body).toMatchObject({ status: 'active', customer_id: 'cus_5Tr9Wm' });
  });

  it('saves nothing when the card is declined or the customer pays by bank', async () => {
    const page = await order({ save_card: true, payment_method_types: ['card', 'pay_by_bank'] });
    const before = (await get('/v1/tokenised_cards?customer_id=cus_5Tr9Wm&limit=100')).body.data;
    const refused = await pay(page, {
      payment_method_type: 'card',
      card_number: DECLINED,
      save_card: true,
    });
    expect(refused.body).toMatchObject({ status: 'failed', tokenised_card_id: null });
    const bank = await pay(page, {
      payment_method_type: 'pay_by_bank',
      institution_id: 'sandbox_bank_approves',
      save_card: true,
    });
    expect(bank.body).toMatchObject({
      payment_method_type: 'pay_by_bank',
      tokenised_card_id: null,
    });
    // The bank confirms the payment seconds later: the order is paid, and still no card is saved.
    settle();
    const paid = (await get(`/v1/ecommerce/orders/${page}`)).body;
    expect(paid).toMatchObject({ status: 'completed', tokenised_card_id: null });
    const after = (await get('/v1/tokenised_cards?customer_id=cus_5Tr9Wm&limit=100')).body.data;
    expect(after).toHaveLength(before.length);
  });
});
