// How a charge of a card is authenticated: the exemption or the 3-D Secure challenge asked for
// on-session, and Apple Pay and Google Pay on a hosted page, authenticated on the device.
import { describe, expect, it } from 'vitest';
import { NETWORK_ID, ON_SESSION_CHARGE, paymentLinkPayer } from '../../support/card-charges';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const { post, get, eventTypes } = sandboxForEachTest();
const payLink = paymentLinkPayer(post);

describe('an exemption or a challenge asked for on-session', () => {
  it('grants the exemption asked for, within its documented limit', async () => {
    const granted = await post('/v1/charges', {
      ...ON_SESSION_CHARGE,
      amount: 2500,
      request_exemption: 'low_value',
    });
    expect(granted.body).toMatchObject({
      status: 'succeeded',
      card: {
        three_d_secure: { result: 'exempted', exemption: 'low_value', liability_shift: false },
      },
    });
    const trusted = await post('/v1/charges', {
      ...ON_SESSION_CHARGE,
      request_exemption: 'trusted_beneficiary',
    });
    expect(trusted.body.card.three_d_secure).toMatchObject({ exemption: 'trusted_beneficiary' });
  });

  it('refuses an exemption above its limit or in a currency without one', async () => {
    const tooMuch = await post('/v1/charges', {
      ...ON_SESSION_CHARGE,
      amount: 2501,
      request_exemption: 'low_value',
    });
    expect(tooMuch.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'request_exemption',
      message: 'The low_value exemption is for amounts of at most 2500 in GBP or 3000 in EUR.',
    });
    const both = await post('/v1/charges', {
      ...ON_SESSION_CHARGE,
      request_exemption: 'transaction_risk_analysis',
      force_challenge: true,
    });
    expect(both.status).toBe(400);
  });

  it('is refused by the issuer that always challenges, which asks for 3-D Secure instead', async () => {
    const refused = await post('/v1/charges', {
      ...ON_SESSION_CHARGE,
      amount: 2000,
      tokenised_card_id: 'tc_test_authentication_required',
      request_exemption: 'low_value',
    });
    expect(refused.body).toMatchObject({
      status: 'requires_action',
      card: { three_d_secure: null },
    });
  });

  it('challenges a card the issuer would approve without one, then shifts the liability', async () => {
    const forced = await post('/v1/charges', { ...ON_SESSION_CHARGE, force_challenge: true });
    expect(forced.body).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url' },
    });
    const passed = await post(`/v1/test_helpers/charges/${forced.body.id}/authenticate`, {
      result: 'authenticated',
    });
    expect(passed.body).toMatchObject({
      status: 'succeeded',
      card: { three_d_secure: { result: 'authenticated', liability_shift: true } },
    });
    // A declined card is declined, challenge or not.
    const declined = await post('/v1/charges', {
      ...ON_SESSION_CHARGE,
      tokenised_card_id: 'tc_test_do_not_honour',
      force_challenge: true,
    });
    expect(declined.body).toMatchObject({ status: 'failed', failure_code: 'do_not_honour' });
  });
});

describe('Apple Pay and Google Pay on a hosted page', () => {
  it('pay with the card in the wallet, authenticated on the device without 3-D Secure', async () => {
    const link = await post('/v1/payment_links', {
      amount: 36800,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
      payment_method_types: ['card', 'apple_pay', 'google_pay'],
    });
    const paid = await payLink(link.body.id, {
      payment_method_type: 'google_pay',
      // The card whose issuer fails the customer's 3-D Secure challenge: a wallet has none.
      card_number: '4000000000030025',
    });
    expect(paid.body).toMatchObject({
      status: 'succeeded',
      payment_method_type: 'card',
      tokenised_card_id: null,
      stored_credential: null,
      card: {
        wallet: 'google_pay',
        three_d_secure: {
          result: 'authenticated',
          exemption: null,
          version: null,
          liability_shift: true,
        },
      },
    });
    expect(paid.body.network_transaction_id).toMatch(NETWORK_ID);
    expect(await eventTypes()).toEqual(['charge.succeeded', 'payment_link.paid']);
  });

  it("save the wallet's card on a save_card page when the customer agrees", async () => {
    const link = await post('/v1/payment_links', {
      amount: 36800,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
      save_card: true,
      payment_method_types: ['card', 'apple_pay', 'google_pay'],
    });
    const paid = await payLink(link.body.id, {
      payment_method_type: 'apple_pay',
      card_number: '5555555555554444',
      save_card: true,
    });
    expect(paid.body).toMatchObject({
      status: 'succeeded',
      stored_credential: { usage: 'first', initial_network_transaction_id: null },
      card: { wallet: 'apple_pay', three_d_secure: { result: 'authenticated', version: null } },
    });
    expect((await get(`/v1/payment_links/${link.body.id}`)).body.tokenised_card_id).toBe(
      paid.body.tokenised_card_id,
    );
    const saved = (await get(`/v1/tokenised_cards/${paid.body.tokenised_card_id}`)).body;
    expect(saved).toMatchObject({ status: 'active', brand: 'mastercard', last4: '4444' });
    expect(saved.network_transaction_id).toBe(paid.body.network_transaction_id);
    const later = await post('/v1/charges', { ...CHARGE, tokenised_card_id: saved.id });
    expect(later.body).toMatchObject({
      status: 'succeeded',
      initiator: 'merchant',
      card: { wallet: null, three_d_secure: { result: 'not_required' } },
    });
  });

  it('are refused on a page that does not offer them', async () => {
    const link = await post('/v1/payment_links', {
      amount: 36800,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
      payment_method_types: ['card'],
    });
    const refused = await payLink(link.body.id, {
      payment_method_type: 'google_pay',
      card_number: '4111111111111111',
    });
    expect(refused.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'payment_method_type',
    });
  });
});
