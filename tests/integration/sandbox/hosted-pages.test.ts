import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, eventTypes, settle } = sandbox;

const link = { amount: 36800, currency: 'GBP', booking_id: 'bk_8Jd2kLq' };
const card = (number: string, extra: Record<string, unknown> = {}) => ({
  payment_method_type: 'card',
  card_number: number,
  ...extra,
});
const bank = (institution: string) => ({
  payment_method_type: 'pay_by_bank',
  institution_id: institution,
});
const pay = (id: string, body: unknown) => post(`/v1/test_helpers/payment_links/${id}/pay`, body);

describe('a payment link paid with the test helper', () => {
  it('answers the charge, saves the card the customer agrees to, and marks the link paid', async () => {
    const created = await post('/v1/payment_links', { ...link, save_card: true });
    expect(created.body).toMatchObject({ status: 'active', charge_id: null });
    const charge = await pay(created.body.id, card('5555555555554444', { save_card: true }));
    expect(charge.status).toBe(200);
    expect(charge.body).toMatchObject({
      object: 'charge',
      status: 'succeeded',
      amount: 36800,
      amount_captured: 36800,
      payment_method_type: 'card',
      off_session: false,
      card: {
        brand: 'mastercard',
        last4: '4444',
        checks: { cvc_check: 'pass' },
        three_d_secure: { result: 'authenticated' },
      },
    });
    expect(charge.body.tokenised_card_id).toMatch(/^tc_/);
    expect((await get(`/v1/payment_links/${created.body.id}`)).body).toMatchObject({
      status: 'paid',
      charge_id: charge.body.id,
      tokenised_card_id: charge.body.tokenised_card_id,
    });
    expect((await get(`/v1/tokenised_cards/${charge.body.tokenised_card_id}`)).body).toMatchObject({
      status: 'active',
      customer_id: created.body.customer_id,
      brand: 'mastercard',
      last4: '4444',
    });
    expect(await eventTypes()).toEqual(['charge.succeeded', 'payment_link.paid']);
    const again = await pay(created.body.id, card('4111111111111111'));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('payment_link_not_active');
  });

  it('saves no card unless both the page and the customer agree', async () => {
    const created = await post('/v1/payment_links', link);
    const charge = await pay(created.body.id, card('4111111111111111', { save_card: true }));
    expect(charge.body.tokenised_card_id).toBeNull();
  });

  it('leaves the link active after a decline, with the failed charge', async () => {
    const created = await post('/v1/payment_links', link);
    const declined = await pay(created.body.id, card('4000000000000044'));
    expect(declined.body).toMatchObject({
      status: 'failed',
      failure_code: 'incorrect_cvc',
      card: { checks: { cvc_check: 'fail' } },
    });
    expect((await get(`/v1/payment_links/${created.body.id}`)).body.status).toBe('active');
    expect((await pay(created.body.id, card('4111111111111111'))).body.status).toBe('succeeded');
  });

  it('confirms a bank payment seconds later, refusing another payment meanwhile', async () => {
    const created = await post('/v1/payment_links', link);
    const pending = await pay(created.body.id, bank('sandbox_bank_approves'));
    expect(pending.body).toMatchObject({
      status: 'pending',
      payment_method_type: 'pay_by_bank',
      card: null,
      tokenised_card_id: null,
    });
    const meanwhile = await pay(created.body.id, card('4111111111111111'));
    expect(meanwhile.body.error.code).toBe('payment_link_not_active');
    expect(await eventTypes()).toEqual([]);
    settle();
    expect((await get(`/v1/charges/${pending.body.id}`)).body).toMatchObject({
      status: 'succeeded',
      amount_captured: 36800,
    });
    expect((await get(`/v1/payment_links/${created.body.id}`)).body).toMatchObject({
      status: 'paid',
      charge_id: pending.body.id,
    });
    expect(await eventTypes()).toEqual(['charge.succeeded', 'payment_link.paid']);
  });

  it('offers card and bank by default, as before wallets, and a wallet only when listed', async () => {
    const created = await post('/v1/payment_links', { ...link, save_card: true });
    expect(created.body.payment_method_types).toEqual(['card', 'pay_by_bank']);
    const wallet = { payment_method_type: 'apple_pay', card_number: '4111111111111111' };
    const refused = await pay(created.body.id, { ...wallet, save_card: true });
    expect(refused.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'payment_method_type',
    });
    const listed = await post('/v1/payment_links', {
      ...link,
      payment_method_types: ['card', 'apple_pay'],
    });
    expect(listed.body.payment_method_types).toEqual(['card', 'apple_pay']);
    expect((await pay(listed.body.id, wallet)).body.card.wallet).toBe('apple_pay');
  });

  it('refuses a card or bank that is not a test value, and a way the page does not offer', async () => {
    const created = await post('/v1/payment_links', { ...link, payment_method_types: ['card'] });
    const unknownCard = await pay(created.body.id, card('4242424242424242'));
    expect(unknownCard.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'card_number',
    });
    const missing = await pay(created.body.id, { payment_method_type: 'card' });
    expect(missing.body.error).toMatchObject({ code: 'parameter_missing', param: 'card_number' });
    const notOffered = await pay(created.body.id, bank('sandbox_bank_approves'));
    expect(notOffered.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'payment_method_type',
    });
    const other = await post('/v1/payment_links', link);
    const unknownBank = await pay(other.body.id, bank('sandbox_bank_unknown'));
    expect(unknownBank.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'institution_id',
    });
  });
});

describe('a checkout order paid with the test helper', () => {
  it('takes every test card of the hosted pages, completing the order', async () => {
    const order = await post('/v1/ecommerce/orders', {
      ...link,
      return_url: 'https://agent.example.com/bookings/KP-2026-00417/paid',
    });
    expect(order.body).toMatchObject({
      status: 'open',
      payment_method_types: ['card', 'pay_by_bank'],
    });
    const charge = await post(`/v1/test_helpers/ecommerce/orders/${order.body.id}/pay`, {
      payment_method_type: 'card',
      card_number: '378282246310005',
    });
    expect(charge.body).toMatchObject({ status: 'succeeded', card: { brand: 'amex' } });
    expect((await get(`/v1/ecommerce/orders/${order.body.id}`)).body).toMatchObject({
      status: 'completed',
      charge_id: charge.body.id,
    });
    expect(await eventTypes()).toEqual(['charge.succeeded', 'ecommerce_order.completed']);
    const expire = await post(`/v1/ecommerce/orders/${order.body.id}/expire`);
    expect(expire.body.error.code).toBe('ecommerce_order_not_open');
  });
});
