import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../support/sandbox-server';

let server: Awaited<ReturnType<typeof startSandboxServer>>;
const charge = {
  amount: 12500,
  currency: 'GBP',
  booking_id: 'bk_8Jd2kLq',
  payment_method: 'tc_4Nf8xPz',
};

beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

describe('idempotency as documented', () => {
  it('replays the first answer for the same key and body, creating nothing twice', async () => {
    const token = await server.token();
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await server.call('POST', '/v1/charges', { token, body: charge, headers });
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(charge).reverse());
    const again = await server.call('POST', '/v1/charges', { token, body: reordered, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const replayHeader = [...server.sandbox.model.headers].find((name) =>
      name.includes('replayed'),
    );
    if (replayHeader) expect(again.headers.get(replayHeader)).toBe('true');
    const list = await server.call('GET', '/v1/charges?limit=100', { token });
    expect(list.body.data.filter((item: { id: string }) => item.id === first.body.id)).toHaveLength(
      1,
    );
    const created = list.body.data.filter(
      (item: { created_at: string }) => item.created_at === first.body.created_at,
    );
    expect(created).toHaveLength(1);
  });

  it('answers the same key with another body with idempotency_key_reused', async () => {
    const token = await server.token();
    const headers = { 'Idempotency-Key': randomUUID() };
    await server.call('POST', '/v1/charges', { token, body: charge, headers });
    const other = await server.call('POST', '/v1/charges', {
      token,
      body: { ...charge, amount: 9900 },
      headers,
    });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({
      type: 'conflict_error',
      code: 'idempotency_key_reused',
    });
  });

  it('replays a refusal by the operation, but not a validation failure', async () => {
    const token = await server.token();
    const headers = { 'Idempotency-Key': randomUUID() };
    const cancelled = await server.call('POST', '/v1/charges', {
      token,
      body: { ...charge, currency: 'EUR' },
      headers,
    });
    expect(cancelled.body.error.code).toBe('currency_mismatch');
    const replayed = await server.call('POST', '/v1/charges', {
      token,
      body: { ...charge, currency: 'EUR' },
      headers,
    });
    expect(replayed.body).toEqual(cancelled.body);
    const invalidKey = { 'Idempotency-Key': randomUUID() };
    const invalid = await server.call('POST', '/v1/charges', {
      token,
      body: { ...charge, amount: -1 },
      headers: invalidKey,
    });
    expect(invalid.body.error.code).toBe('parameter_invalid');
    const fixed = await server.call('POST', '/v1/charges', {
      token,
      body: { ...charge, amount: -1 },
      headers: invalidKey,
    });
    expect(fixed.body.error.request_id).not.toBe(invalid.body.error.request_id);
  });

  it('runs two concurrent requests with the same key once: the second replays the first', async () => {
    const token = await server.token();
    const headers = { 'Idempotency-Key': randomUUID() };
    const [first, second] = await Promise.all([
      server.call('POST', '/v1/charges', { token, body: charge, headers }),
      server.call('POST', '/v1/charges', { token, body: charge, headers }),
    ]);
    expect(second.body).toEqual(first.body);
    const inbox = await server.call('GET', '/inbox', { token });
    expect(inbox.body.data).toHaveLength(1);
  });

  it('keeps keys apart between sandboxes', async () => {
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await server.call('POST', '/v1/charges', {
      token: await server.token(),
      body: charge,
      headers,
    });
    const second = await server.call('POST', '/v1/charges', {
      token: await server.token(),
      body: charge,
      headers,
    });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
  });
});
