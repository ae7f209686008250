import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentWithNewOperations } from '../../fixtures/sandbox-scenarios';
import { responseValidator } from '../../support/sandbox-contract';
import { startSandboxServer } from '../../support/sandbox-server';

const document = documentWithNewOperations();
const validResponse = responseValidator(document);
let server: Awaited<ReturnType<typeof startSandboxServer>>;

beforeAll(async () => {
  server = await startSandboxServer({ document });
});
afterAll(() => server.close());

const charge = {
  amount: 12500,
  currency: 'GBP',
  booking_id: 'bk_8Jd2kLq',
  payment_method: 'tc_4Nf8xPz',
};

describe('operations the document adds', () => {
  it('are served with no change to the sandbox: cancelling an uncaptured charge', async () => {
    const token = await server.token();
    const headers = () => ({ 'Idempotency-Key': randomUUID() });
    const held = await server.call('POST', '/v1/charges', {
      token,
      body: { ...charge, capture: false },
      headers: headers(),
    });
    const cancelled = await server.call('POST', `/v1/charges/${held.body.id}/cancel`, { token });
    expect(cancelled.body).toMatchObject({
      status: 'canceled',
      amount_captured: 0,
      capture_before: null,
    });
    expect(validResponse('cancelCharge', cancelled.status, cancelled.body)).toEqual([]);
    const again = await server.call('POST', `/v1/charges/${held.body.id}/cancel`, { token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('charge_not_capturable');
  });

  it('are served with no change to the sandbox: listing and retrieving the events sent', async () => {
    const token = await server.token();
    const paid = await server.call('POST', '/v1/charges', {
      token,
      body: charge,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    const list = await server.call('GET', '/v1/events?type=charge.succeeded&limit=1', { token });
    expect(validResponse('listEvents', list.status, list.body)).toEqual([]);
    const [event] = list.body.data;
    expect(event.data.object.id).toBe(paid.body.id);
    const retrieved = await server.call('GET', `/v1/events/${event.id}`, { token });
    expect(retrieved.body).toEqual(event);
    expect((await server.call('GET', '/v1/events/evt_missing', { token })).status).toBe(404);
  });
});
