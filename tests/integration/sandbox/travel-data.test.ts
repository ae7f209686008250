import { describe, expect, it } from 'vitest';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, patch, settle } = sandbox;

const AIRLINE = {
  ticket_number: '1252345678901',
  passenger_name: 'HART/AMELIA MS',
  issuing_carrier: 'BA',
  legs: [
    {
      carrier: 'BA',
      flight_number: '2692',
      departure_airport: 'LGW',
      arrival_airport: 'PMI',
      departure_date: '2026-06-12',
      fare_class: 'Y',
    },
    {
      carrier: 'BA',
      flight_number: '2693',
      departure_airport: 'PMI',
      arrival_airport: 'LGW',
      departure_date: '2026-06-19',
      fare_class: 'Y',
    },
  ],
};
const LODGING = {
  property_name: 'Hotel Solmar Palma',
  check_in_date: '2026-06-12',
  check_out_date: '2026-06-19',
  folio_number: 'SOL-88213',
  room_rate: 18400,
};

describe('the travel data of a charge', () => {
  it('is kept as sent, and null when none was sent', async () => {
    const flights = await post('/v1/charges', { ...CHARGE, airline: AIRLINE });
    expect(flights.status).toBe(201);
    expect(flights.body).toMatchObject({ airline: AIRLINE, lodging: null });
    expect((await get(`/v1/charges/${flights.body.id}`)).body.airline).toEqual(AIRLINE);
    const plain = await post('/v1/charges', CHARGE);
    expect(plain.body).toMatchObject({ airline: null, lodging: null });
  });

  it('is added after the payment, as a ticket issued later', async () => {
    const stay = (await post('/v1/charges', CHARGE)).body;
    const updated = await patch(`/v1/charges/${stay.id}`, { lodging: LODGING });
    expect(updated.status).toBe(200);
    expect(updated.body.lodging).toEqual(LODGING);
    const other = await patch(`/v1/charges/${stay.id}`, { airline: AIRLINE });
    expect(other.body.error).toMatchObject({ code: 'parameter_invalid', param: 'airline' });
  });

  it('refuses a stay that ends before it starts, both kinds at once, and malformed codes', async () => {
    const backwards = await post('/v1/charges', {
      ...CHARGE,
      lodging: { ...LODGING, check_out_date: '2026-06-12' },
    });
    expect(backwards.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'lodging',
      message: 'The check_out_date 2026-06-12 must be after the check_in_date 2026-06-12.',
    });
    const both = await post('/v1/charges', { ...CHARGE, airline: AIRLINE, lodging: LODGING });
    expect(both.status).toBe(400);
    const ticket = await post('/v1/charges', {
      ...CHARGE,
      airline: { ...AIRLINE, ticket_number: '125-2345678901' },
    });
    expect(ticket.status).toBe(400);
    expect(ticket.body.error.code).toBe('parameter_invalid');
    const legs = await post('/v1/charges', {
      ...CHARGE,
      airline: { ...AIRLINE, legs: [...AIRLINE.legs, ...AIRLINE.legs, AIRLINE.legs[0]] },
    });
    expect(legs.status).toBe(400);
  });
});

describe('travel data added after the payment', () => {
  it('reaches a card charge until its capture is sent for clearing, as its money settles', async () => {
    const paid = (await post('/v1/charges', CHARGE)).body;
    expect((await patch(`/v1/charges/${paid.id}`, { lodging: LODGING })).status).toBe(200);
    settle();
    const late = await patch(`/v1/charges/${paid.id}`, { lodging: LODGING });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({ code: 'parameter_invalid', param: 'lodging' });
    expect(late.body.error.message).toMatch(
      new RegExp(`^The capture of the charge ${paid.id} was sent for clearing at \\S+Z; `),
    );
    // Its own fields still change after clearing.
    const labelled = await patch(`/v1/charges/${paid.id}`, { description: 'Hotel Solmar Palma' });
    expect(labelled.status).toBe(200);
  });

  it('reaches a held charge with its capture, however long the hold has lasted', async () => {
    const held = (await post('/v1/charges', { ...CHARGE, capture: false })).body;
    settle();
    const stay = await patch(`/v1/charges/${held.id}`, { lodging: LODGING });
    expect(stay.body).toMatchObject({ status: 'requires_capture', lodging: LODGING });
    await post(`/v1/charges/${held.id}/capture`, {});
    expect((await patch(`/v1/charges/${held.id}`, { lodging: LODGING })).status).toBe(200);
  });

  it('is refused on a charge that took no money, and on a payment by bank', async () => {
    const declined = (
      await post('/v1/charges', { ...CHARGE, tokenised_card_id: 'tc_test_do_not_honour' })
    ).body;
    const held = (await post('/v1/charges', { ...CHARGE, capture: false })).body;
    await post(`/v1/charges/${held.id}/cancel`, {});
    const link = await post('/v1/payment_links', {
      amount: 36800,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
    });
    const byBank = await post(`/v1/test_helpers/payment_links/${link.body.id}/pay`, {
      payment_method_type: 'pay_by_bank',
      institution_id: 'sandbox_bank_approves',
    });
    const refusals = [
      [declined.id, { airline: AIRLINE }, `The charge ${declined.id} is failed and took no money`],
      [held.id, { lodging: LODGING }, `The charge ${held.id} is cancelled and took no money`],
      [byBank.body.id, { lodging: LODGING }, `The charge ${byBank.body.id} was paid by bank`],
    ] as const;
    for (const [id, body, message] of refusals) {
      const refused = await patch(`/v1/charges/${id}`, body);
      expect(refused.status, message).toBe(400);
      expect(refused.body.error.param).toBe(Object.keys(body)[0]);
      expect(refused.body.error.message.startsWith(message), refused.body.error.message).toBe(true);
    }
    expect((await get(`/v1/charges/${held.id}`)).body.lodging).toBeNull();
  });
});
