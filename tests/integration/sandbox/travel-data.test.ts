import { describe, expect, it } from 'vitest';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, patch } = sandbox;

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
