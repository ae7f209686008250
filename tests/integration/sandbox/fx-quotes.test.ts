import { describe, expect, it } from 'vitest';
import { FX_QUOTE_LIFETIME_MS } from '@/lib/sandbox/limits';
import { timestamp } from '@/lib/sandbox/time';
import { sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, clock, settle, advanceTestClock, model } = sandbox;
const quote = (body: Record<string, unknown>) => post('/v1/fx_quotes', body);
const EUR_SUPPLIER = 'sup_6Rk4Pm';

const available = (currency: string) => sandbox.balanceOf('available', currency);

/** A quote buying euros for the EUR supplier, and the disbursement that pays them with it. */
async function quotedSupplierPayment(euros: number) {
  const fx = (await quote({ sell_currency: 'GBP', buy_currency: 'EUR', buy_amount: euros })).body;
  const payment = { amount: euros, currency: 'EUR', supplier_id: EUR_SUPPLIER, fx_quote_id: fx.id };
  return { fx, payment };
}

describe('an FX quote', () => {
  it('fixes the rate for ten minutes, rounding the amount it works out in its own favour', async () => {
    const bought = await quote({ sell_currency: 'GBP', buy_currency: 'EUR', buy_amount: 96000 });
    expect(bought.status).toBe(201);
    expect(bought.body).toMatchObject({
      status: 'active',
      mid_market_rate: '1.165000',
      rate: '1.160923',
      markup_bps: 35,
      buy_amount: 96000,
      sell_amount: 82693,
      used_by: null,
      expires_at: timestamp(clock.now() + FX_QUOTE_LIFETIME_MS),
    });
    const sold = await quote({ sell_currency: 'GBP', buy_currency: 'EUR', sell_amount: 82692 });
    expect(sold.body).toMatchObject({ sell_amount: 82692, buy_amount: 95999 });
    const dollars = await quote({ sell_currency: 'EUR', buy_currency: 'USD', sell_amount: 10000 });
    expect(dollars.body).toMatchObject({ mid_market_rate: '1.090129', buy_amount: 10863 });
  });

  it('refuses one currency, both amounts or neither, and a currency you cannot hold', async () => {
    const cases = [
      [{ sell_currency: 'GBP', buy_currency: 'EUR', buy_amount: 100, sell_amount: 100 }, null],
      [{ sell_currency: 'GBP', buy_currency: 'EUR' }, null],
    ] as const;
    for (const [body, param] of cases) {
      const refused = await quote(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      if (param) expect(refused.body.error.param).toBe(param);
    }
  });

  it('answers a currency it cannot quote with the error code its operation documents', async () => {
    const documented = model().operations.get('createFxQuote')!.errors;
    for (const body of [
      { sell_currency: 'GBP', buy_currency: 'GBP', buy_amount: 100 },
      { sell_currency: 'GBP', buy_currency: 'JPY', buy_amount: 10000 },
    ]) {
      const refused = await quote(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'parameter_invalid',
        param: 'buy_currency',
      });
      expect(documented).toContain(refused.body.error.code);
    }
  });

  it('converts once into the other balance, then is used; an expired one converts nothing', async () => {
    const [pounds, euros] = [await available('GBP'), await available('EUR')];
    const active = (await quote({ sell_currency: 'GBP', buy_currency: 'EUR', buy_amount: 96000 }))
      .body;
    const converted = await post(`/v1/fx_quotes/${active.id}/convert`);
    expect(converted.body).toMatchObject({ status: 'used', used_by: active.id });
    expect(await available('GBP')).toBe(pounds - 82693);
    expect(await available('EUR')).toBe(euros + 96000);
    const again = await post(`/v1/fx_quotes/${active.id}/convert`);
    expect(again.body.error.code).toBe('fx_quote_not_active');
    const late = (await quote({ sell_currency: 'GBP', buy_currency: 'EUR', buy_amount: 1000 }))
      .body;
    await advanceTestClock(FX_QUOTE_LIFETIME_MS + 1000);
    expect((await get(`/v1/fx_quotes/${late.id}`)).body.status).toBe('expired');
    expect((await post(`/v1/fx_quotes/${late.id}/convert`)).body.error.code).toBe(
      'fx_quote_not_active',
    );
  });

  it('pays a supplier across currencies in one disbursement, given back when it is cancelled', async () => {
    const pounds = await available('GBP');
    const euros = await available('EUR');
    const { fx, payment } = await quotedSupplierPayment(96000);
    const wrongAmount = await post('/v1/disbursements', { ...payment, amount: 95000 });
    expect(wrongAmount.body.error).toMatchObject({ code: 'parameter_invalid', param: 'amount' });
    const paid = await post('/v1/disbursements', payment);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ fx_quote_id: fx.id, currency: 'EUR', amount: 96000 });
    expect(await available('GBP')).toBe(pounds - 82693);
    expect(await available('EUR')).toBe(euros);
    expect((await get(`/v1/fx_quotes/${fx.id}`)).body).toMatchObject({
      status: 'used',
      used_by: paid.body.id,
    });
    const reused = await post('/v1/disbursements', payment);
    expect(reused.body.error.code).toBe('fx_quote_not_active');
    await post(`/v1/disbursements/${paid.body.id}/cancel`);
    expect(await available('GBP')).toBe(pounds);
    expect(await available('EUR')).toBe(euros);
    expect((await get(`/v1/fx_quotes/${fx.id}`)).body.status).toBe('used');
  });

  it('gives back the sell amount in the sell currency when a disbursement paid with it fails', async () => {
    const [pounds, euros] = [await available('GBP'), await available('EUR')];
    // 2001 is the documented trigger amount of a disbursement that fails with account_closed.
    const { fx, payment } = await quotedSupplierPayment(2001);
    const created = await post('/v1/disbursements', payment);
    expect(created.status).toBe(201);
    expect(await available('GBP')).toBe(pounds - fx.sell_amount);
    settle();
    expect((await get(`/v1/disbursements/${created.body.id}`)).body).toMatchObject({
      status: 'failed',
      failure_code: 'account_closed',
    });
    expect(await available('GBP')).toBe(pounds);
    expect(await available('EUR')).toBe(euros);
  });
});

describe('a charge settled at an FX quote', () => {
  it('settles into the quote currency when it succeeds, and leaves the quote when declined', async () => {
    const [euros, pounds] = [await available('EUR'), await available('GBP')];
    const fx = (await quote({ sell_currency: 'GBP', buy_currency: 'EUR', sell_amount: 12500 }))
      .body;
    const charge = { amount: 12500, currency: 'GBP', booking_id: 'bk_8Jd2kLq', fx_quote_id: fx.id };
    const declined = await post('/v1/charges', {
      ...charge,
      tokenised_card_id: 'tc_test_do_not_honour',
    });
    expect(declined.body).toMatchObject({ status: 'failed', fx_quote_id: null });
    expect((await get(`/v1/fx_quotes/${fx.id}`)).body.status).toBe('active');
    const paid = await post('/v1/charges', { ...charge, tokenised_card_id: 'tc_test_visa' });
    expect(paid.body).toMatchObject({ status: 'succeeded', fx_quote_id: fx.id });
    expect((await get(`/v1/fx_quotes/${fx.id}`)).body).toMatchObject({
      status: 'used',
      used_by: paid.body.id,
    });
    settle();
    // The acquirer's 1.5 % (£1.88 of £125) is kept in euros, at the quote's rate.
    const fee = Math.round((188 * fx.buy_amount) / 12500);
    expect(await available('EUR')).toBe(euros + fx.buy_amount - fee);
    expect(await available('GBP')).toBe(pounds);
  });

  it('is refused for another amount, a later capture or a used quote', async () => {
    const fx = (await quote({ sell_currency: 'GBP', buy_currency: 'EUR', sell_amount: 12500 }))
      .body;
    const charge = { amount: 12500, currency: 'GBP', booking_id: 'bk_8Jd2kLq', fx_quote_id: fx.id };
    const other = await post('/v1/charges', { ...charge, amount: 12000 });
    expect(other.body.error).toMatchObject({ code: 'parameter_invalid', param: 'amount' });
    const held = await post('/v1/charges', { ...charge, capture: false });
    expect(held.body.error).toMatchObject({ code: 'parameter_invalid', param: 'fx_quote_id' });
    await post(`/v1/fx_quotes/${fx.id}/convert`);
    const used = await post('/v1/charges', charge);
    expect(used.body.error.code).toBe('fx_quote_not_active');
  });
});

describe('a payment in a currency your organisation cannot hold', () => {
  it('settles into its settlement currency at the quote rate, rounded down to a minor unit', async () => {
    const yen = (await get('/v1/currencies/JPY')).body;
    expect(yen).toMatchObject({ payouts_enabled: false, settlement_currency: 'GBP' });
    const pounds = await available('GBP');
    await sandbox.bookAndCharge(
      {
        reference: `KP-YEN-${Date.now()}`,
        total_amount: 250000,
        currency: 'JPY',
        departure_date: '2026-10-01',
      },
      12500,
    );
    expect(await sandbox.balanceOf('pending', 'JPY')).toBe(12500);
    settle();
    // ¥12,500 at 0.005245 (190 yen a pound less 35 basis points) is £65.5625: £65.56, less the
    // acquirer's 1.5 % (¥188, or £0.99 at that rate).
    expect(await available('GBP')).toBe(pounds + 6556 - 99);
    expect(await available('JPY')).toBe(0);
    expect(await sandbox.balanceOf('pending', 'JPY')).toBe(0);
  });
});
