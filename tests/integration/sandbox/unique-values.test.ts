// Booking references are unique within a sandbox, as within an organisation, except that the
// sample objects every sandbox starts with hold none, so the documented create example pastes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../support/sandbox-server';

let server: Awaited<ReturnType<typeof startSandboxServer>>;
const booking = {
  reference: 'KP-2026-00417',
  customer_id: 'cus_5Tr9Wm',
  total_amount: 184000,
  currency: 'GBP',
  departure_date: '2026-07-18',
};

beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

const create = (token: string, body: Record<string, unknown>) =>
  server.call('POST', '/v1/bookings', {
    token,
    body,
    headers: { 'Idempotency-Key': randomUUID() },
  });

describe('a booking reference', () => {
  it("accepts the sample booking's reference once, then answers booking_reference_exists", async () => {
    const token = await server.token();
    const first = await create(token, booking);
    expect(first.status).toBe(201);
    const second = await create(token, { ...booking, total_amount: 99000 });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('booking_reference_exists');
    expect(second.body.error.message).toContain('reference');
    expect(second.body.error.message).toContain('KP-2026-00417');
    // Another reference is a new booking.
    expect((await create(token, { ...booking, reference: 'KP-2026-00418' })).status).toBe(201);
  });

  it('is unique within one sandbox, not across sandboxes', async () => {
    const [one, other] = [await server.token(), await server.token()];
    const reference = `KP-${randomUUID().slice(0, 8)}`;
    expect((await create(one, { ...booking, reference })).status).toBe(201);
    expect((await create(other, { ...booking, reference })).status).toBe(201);
    expect((await create(one, { ...booking, reference })).status).toBe(409);
  });
});
