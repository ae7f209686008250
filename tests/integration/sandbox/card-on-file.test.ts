// Who starts a charge of a saved card (the merchant, unscheduled or for a reason; the customer
// in your checkout; a phone order), the combinations no card scheme has, and the stored agreement
// a card saved on a hosted page carries into its later charges.
import { describe, expect, it } from 'vitest';
import { NETWORK_ID, ON_SESSION_CHARGE, paymentLinkPayer } from '../../support/card-charges';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, eventTypes } = sandbox;
const payLink = paymentLinkPayer(post);

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
      ...ON_SESSION_CHARGE,
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
      [{ ...ON_SESSION_CHARGE, moto: true }, 'moto'],
      [{ ...ON_SESSION_CHARGE, merchant_initiated_reason: 'no_show' }, 'merchant_initiated_reason'],
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
