import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get } = sandbox;
const quote = async (body: Record<string, unknown>) => (await post('/v1/fx_quotes', body)).body;
const available = (currency: string) => sandbox.balanceOf('available', currency);
const EUR_SUPPLIER = 'sup_6Rk4Pm';
const GBP_SUPPLIER = 'sup_2Lw8Hd';

/** A quote selling one minor unit more pounds than the available GBP balance holds. */
async function beyondPounds() {
  const pounds = await available('GBP');
  return {
    pounds,
    fx: await quote({ sell_currency: 'GBP', buy_currency: 'EUR', sell_amount: pounds + 1 }),
  };
}

describe('the balance a quote sells from', () => {
  it('must cover its sell_amount to convert, or the quote converts nothing', async () => {
    const { pounds, fx } = await beyondPounds();
    const euros = await available('EUR');
    const refused = await post(`/v1/fx_quotes/${fx.id}/convert`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('insufficient_balance');
    expect(await available('GBP')).toBe(pounds);
    expect(await available('EUR')).toBe(euros);
    expect((await get(`/v1/fx_quotes/${fx.id}`)).body.status).toBe('active');
  });

  it('must cover its sell_amount to pay a disbursement with it', async () => {
    const { pounds, fx } = await beyondPounds();
    const refused = await post('/v1/disbursements', {
      amount: fx.buy_amount,
      currency: 'EUR',
      supplier_id: EUR_SUPPLIER,
      fx_quote_id: fx.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'insufficient_balance',
      param: 'fx_quote_id',
    });
    expect(await available('GBP')).toBe(pounds);
    expect((await get(`/v1/fx_quotes/${fx.id}`)).body.status).toBe('active');
  });
});

describe('a disbursement paid with a quote', () => {
  it("is refused in a currency other than the quote's buy_currency", async () => {
    const fx = await quote({ sell_currency: 'GBP', buy_currency: 'EUR', buy_amount: 9600 });
    // The GBP supplier is paid in pounds, which the quote does not buy.
    const refused = await post('/v1/disbursements', {
      amount: fx.buy_amount,
      currency: 'GBP',
      supplier_id: GBP_SUPPLIER,
      fx_quote_id: fx.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'currency_mismatch', param: 'currency' });
    expect(refused.body.error.message).toContain('buy_currency');
  });
});

describe('a charge settled at a quote', () => {
  it("is refused in a currency other than the quote's sell_currency", async () => {
    const fx = await quote({ sell_currency: 'EUR', buy_currency: 'GBP', sell_amount: 12500 });
    const refused = await post('/v1/charges', {
      amount: 12500,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
      tokenised_card_id: 'tc_test_visa',
      fx_quote_id: fx.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'currency_mismatch', param: 'currency' });
    expect(refused.body.error.message).toContain('sell_currency');
    expect((await get(`/v1/fx_quotes/${fx.id}`)).body.status).toBe('active');
  });

  it('cannot be in yen, which settles into the default currency instead', async () => {
    const booked = await post('/v1/bookings', {
      reference: `KP-YEN-QUOTE-${Date.now()}`,
      customer_id: 'cus_5Tr9Wm',
      total_amount: 250000,
      currency: 'JPY',
      departure_date: '2026-10-01',
    });
    expect(booked.status).toBe(201);
    const fx = await quote({ sell_currency: 'GBP', buy_currency: 'EUR', sell_amount: 12500 });
    const refused = await post('/v1/charges', {
      amount: 12500,
      currency: 'JPY',
      booking_id: booked.body.id,
      tokenised_card_id: 'tc_test_visa',
      fx_quote_id: fx.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'fx_quote_id' });
    expect(sandbox.model().operations.get('createCharge')!.errors).toContain('parameter_invalid');
  });
});
