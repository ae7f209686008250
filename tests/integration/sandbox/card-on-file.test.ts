import { describe, expect, it } from 'vitest';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, eventTypes } = sandbox;
const RETURN_URL = 'https://agent.example.com/bookings/KP-2026-00417/pay/return';
const onSession = { ...CHARGE, off_session: false, return_url: RETURN_URL };
const payLink = (id: string, body: unknown) =>
  post(`/v1/test_helpers/payment_links/${id}/pay`, body);
const NETWORK_ID = /^\d{15}$/;

describe('who starts a charge of a saved card', () => {
  it('is merchant-initiated and unscheduled by default, carrying the card agreement', async () => {
    const card = (await get('/v1/tokenised_cards/tc_4Nf8xPz')).body;
    expect(card.network_transaction_id).toMatch(NETWORK_ID);
    const created = await post('/v1/charges', CHARGE);
    expect(created.body).toMatchObject({
      status: 'succeeded',
      off_session: true,
      initiator: 'merchant',
      merchant_initiated_reason: 'unscheduled',
      stored_credential: {
        usage: 'subsequent',
        initial_network_transaction_id: card.network_transaction_id,
      },
    });
    expect(created.body.network_transaction_id).toMatch(NETWORK_ID);
    expect(created.body.network_transaction_id).not.toBe(card.network_transaction_id);
  });

  it('records the reason you give, and a phone order as moto out of the scope of SCA', async () => {
    const noShow = await post('/v1/charges', { ...CHARGE, merchant_initiated_reason: 'no_show' });
    expect(noShow.body).toMatchObject({
      initiator: 'merchant',
      merchant_initiated_reason: 'no_show',
    });
    const phone = await post('/v1/charges', {
      ...CHARGE,
      tokenised_card_id: 'tc_test_authentication_required',
      moto: true,
    });
    expect(phone.body).toMatchObject({
      status: 'succeeded',
      initiator: 'moto',
      merchant_initiated_reason: null,
      off_session: true,
      card: { three_d_secure: { result: 'not_required', liability_shift: false } },
    });
    // The same card, charged as merchant-initiated, is refused by its issuer.
    const unprompted = await post('/v1/charges', {
      ...CHARGE,
      tokenised_card_id: 'tc_test_authentication_required',
    });
    expect(unprompted.body).toMatchObject({
      status: 'failed',
      failure_code: 'authentication_required',
    });
  });

  it('is customer_on_session in your checkout, without a network id until the issuer answers', async () => {
    const challenged = await post('/v1/charges', {
      ...onSession,
      tokenised_card_id: 'tc_test_authentication_required',
    });
    expect(challenged.body).toMatchObject({
      status: 'requires_action',
      initiator: 'customer_on_session',
      merchant_initiated_reason: null,
      network_transaction_id: null,
    });
    const authenticated = await post(
      `/v1/test_helpers/charges/${challenged.body.id}/authenticate`,
      { result: 'authenticated' },
    );
    expect(authenticated.body.status).toBe('succeeded');
    expect(authenticated.body.network_transaction_id).toMatch(NETWORK_ID);
  });

  it('refuses combinations no card scheme has, naming the field', async () => {
    const cases = [
      [{ ...onSession, moto: true }, 'moto'],
      [{ ...onSession, merchant_initiated_reason: 'no_show' }, 'merchant_initiated_reason'],
      [
        { ...CHARGE, moto: true, merchant_initiated_reason: 'no_show' },
        'merchant_initiated_reason',
      ],
      [{ ...CHARGE, request_exemption: 'low_value', amount: 2000 }, 'request_exemption'],
      [{ ...CHARGE, force_challenge: true }, 'force_challenge'],
    ] as const;
    for (const [body, param] of cases) {
      const refused = await post('/v1/charges', body);
      expect(refused.status, param).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param });
    }
    const reason = await post('/v1/charges', { ...CHARGE, merchant_initiated_reason: 'birthday' });
    expect(reason.body.error).toMatchObject({ code: 'parameter_invalid' });
    expect(await eventTypes()).toEqual([]);
  });
});

describe('an exemption or a challenge asked for on-session', () => {
  it('grants the exemption asked for, within its documented limit', async () => {
    const granted = await post('/v1/charges', {
      ...onSession,
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
      ...onSession,
      request_exemption: 'trusted_beneficiary',
    });
    expect(trusted.body.card.three_d_secure).toMatchObject({ exemption: 'trusted_beneficiary' });
  });

  it('refuses an exemption above its limit or in a currency without one', async () => {
    const tooMuch = await post('/v1/charges', {
      ...onSession,
      amount: 2501,
      request_exemption: 'low_value',
    });
    expect(tooMuch.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'request_exemption',
      message: 'The low_value exemption is for amounts of at most 2500 in GBP or 3000 in EUR.',
    });
    const both = await post('/v1/charges', {
      ...onSession,
      request_exemption: 'transaction_risk_analysis',
      force_challenge: true,
    });
    expect(both.status).toBe(400);
  });

  it('is refused by the issuer that always challenges, which asks for 3-D Secure instead', async () => {
    const refused = await post('/v1/charges', {
      ...onSession,
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
    const forced = await post('/v1/charges', { ...onSession, force_challenge: true });
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
      ...onSession,
      tokenised_card_id: 'tc_test_do_not_honour',
      force_challenge: true,
    });
    expect(declined.body).toMatchObject({ status: 'failed', failure_code: 'do_not_honour' });
  });
});

describe('the stored agreement of a card saved on a hosted page', () => {
  it('is the first use, whose network id the card and its later charges carry', async () => {
    const link = await post('/v1/payment_links', {
      amount: 36800,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
      save_card: true,
    });
    const paid = await payLink(link.body.id, {
      payment_method_type: 'card',
      card_number: '4111111111111111',
      save_card: true,
    });
    expect(paid.body).toMatchObject({
      initiator: 'customer_on_session',
      stored_credential: { usage: 'first', initial_network_transaction_id: null },
      card: { wallet: null },
    });
    const saved = (await get(`/v1/tokenised_cards/${paid.body.tokenised_card_id}`)).body;
    expect(saved.network_transaction_id).toBe(paid.body.network_transaction_id);
    expect(saved).not.toHaveProperty('wallet');
    const later = await post('/v1/charges', {
      ...CHARGE,
      tokenised_card_id: saved.id,
      merchant_initiated_reason: 'delayed_charge',
    });
    expect(later.body.stored_credential).toEqual({
      usage: 'subsequent',
      initial_network_transaction_id: paid.body.network_transaction_id,
    });
  });

  it('is carried by the charges of a scheduled payment, as instalments', async () => {
    const scheduled = await post('/v1/scheduled_payments', {
      booking_id: 'bk_8Jd2kLq',
      tokenised_card_id: 'tc_4Nf8xPz',
      amount: 73600,
      currency: 'GBP',
      due_date: new Date(sandbox.clock.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
    });
    const collected = (
      await post(`/v1/test_helpers/scheduled_payments/${scheduled.body.id}/attempt`)
    ).body;
    const charge = (await get(`/v1/charges/${collected.charge_id}`)).body;
    expect(charge).toMatchObject({
      initiator: 'merchant',
      merchant_initiated_reason: 'instalment',
      stored_credential: { usage: 'subsequent' },
    });
    expect(charge.network_transaction_id).toMatch(NETWORK_ID);
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
