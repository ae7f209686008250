// A booking is only in a currency your organisation can charge in, and a supplier only in one it
// can pay out in, as Create a booking, Create a supplier and the Currencies page say; neither
// currency changes later.
import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

const { post, get, patch } = sandboxForEachTest();

const BOOKING = {
  customer_id: 'cus_5Tr9Wm',
  total_amount: 204500,
  departure_date: '2026-07-18',
};
const SUPPLIER = {
  name: 'Hotel Sakura',
  category: 'accommodation',
  country: 'JP',
  bank_account: { account_holder_name: 'Hotel Sakura KK', iban: 'ES9121000418450200057730' },
};
const reference = () => `KP-CUR-${Math.random().toString(36).slice(2, 8)}`;

describe('the currency of a booking', () => {
  it('is refused when your organisation cannot charge in it, and taken when it can', async () => {
    const chargeable = (await get('/v1/currencies?charges_enabled=true')).body.data;
    expect(chargeable.map((currency: { code: string }) => currency.code)).not.toContain('CHF');
    const refused = await post('/v1/bookings', {
      ...BOOKING,
      reference: reference(),
      currency: 'CHF',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'currency' });
    for (const { code } of chargeable) {
      const booked = await post('/v1/bookings', {
        ...BOOKING,
        reference: reference(),
        currency: code,
      });
      expect(booked.status, code).toBe(201);
    }
  });

  it('cannot change later on the booking', async () => {
    const changed = await patch('/v1/bookings/bk_8Jd2kLq', { currency: 'EUR' });
    expect(changed.status).toBe(400);
    expect(changed.body.error).toMatchObject({ code: 'parameter_invalid', param: 'currency' });
    expect((await get('/v1/bookings/bk_8Jd2kLq')).body.currency).toBe('GBP');
  });
});

describe('the currency of a supplier', () => {
  it('is refused when your organisation cannot pay out in it, such as JPY', async () => {
    const yen = (await get('/v1/currencies/JPY')).body;
    expect(yen.payouts_enabled).toBe(false);
    for (const currency of ['JPY', 'CHF']) {
      const refused = await post('/v1/suppliers', { ...SUPPLIER, currency });
      expect(refused.status, currency).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'currency' });
    }
    const paid = await post('/v1/suppliers', { ...SUPPLIER, currency: 'EUR' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  });

  it('cannot change later on the supplier', async () => {
    const changed = await patch('/v1/suppliers/sup_2Lw8Hd', { currency: 'EUR' });
    expect(changed.status).toBe(400);
    expect(changed.body.error).toMatchObject({ code: 'parameter_invalid', param: 'currency' });
    expect((await get('/v1/suppliers/sup_2Lw8Hd')).body.currency).toBe('GBP');
  });
});
