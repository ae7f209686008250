import { describe, expect, it } from 'vitest';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const { post } = sandboxForEachTest();
const PLAIN_HTTP = 'http://agent.example.com/bookings/KP-2026-00417/return';
const HTTPS = 'https://agent.example.com/bookings/KP-2026-00417/return';

describe('a return_url', () => {
  it('of an on-session charge must be HTTPS', async () => {
    const onSession = { ...CHARGE, off_session: false };
    const refused = await post('/v1/charges', { ...onSession, return_url: PLAIN_HTTP });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'return_url' });
    const taken = await post('/v1/charges', { ...onSession, return_url: HTTPS });
    expect(taken.status).toBe(201);
  });

  it('of an ecommerce order must be HTTPS', async () => {
    const order = { booking_id: 'bk_8Jd2kLq', amount: 5000, currency: 'GBP' };
    const refused = await post('/v1/ecommerce/orders', { ...order, return_url: PLAIN_HTTP });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'return_url' });
    const taken = await post('/v1/ecommerce/orders', { ...order, return_url: HTTPS });
    expect(taken.status).toBe(201);
    expect(taken.body.return_url).toBe(HTTPS);
  });
});
