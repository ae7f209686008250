import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../support/sandbox-server';

let server: Awaited<ReturnType<typeof startSandboxServer>>;
const charge = {
  amount: 12500,
  currency: 'GBP',
  booking_id: 'bk_8Jd2kLq',
  tokenised_card_id: 'tc_4Nf8xPz',
};
const REPLAYED = 'idempotent-replayed';

beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

describe('idempotency as documented', () => {
  it('replays the first answer for the same key and body, marked, creating nothing twice', async () => {
    const token = await server.token();
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await server.call('POST', '/v1/charges', { token, body: charge, headers });
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(charge).reverse());
    const again = await server.call('POST', '/v1/charges', { token, body: reordered, headers });
    expect(first.status).toBe(201);
    expect(first.headers.get(REPLAYED)).toBeNull();
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get(REPLAYED)).toBe('true');
    expect(again.headers.get('kestrel-request-id')).not.toBe(
      first.headers.get('kestrel-request-id'),
    );
    const list = await server.call('GET', '/v1/charges?limit=100', { token });
    const created = list.body.data.filter(
      (item: { created_at: string }) => item.created_at === first.body.created_at,
    );
    expect(created.map((item: { id: string }) => item.id)).toEqual([first.body.id]);
    expect((await server.call('GET', '/inbox', { token })).body.data).toHaveLength(1);
  });

  it('answers the same key with another body, or on another endpoint, with idempotency_key_reused', async () => {
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
    const elsewhere = await server.call('POST', '/v1/payment_links', {
      token,
      body: { amount: 12500, currency: 'GBP', booking_id: 'bk_8Jd2kLq' },
      headers,
    });
    expect(elsewhere.body.error.code).toBe('idempotency_key_reused');
  });

  it('replays a refusal with 400, 404 or 409 with the first request ID, but not a refusal before running', async () => {
    const token = await server.token();
    const refusals = [
      { path: '/v1/charges', body: { ...charge, currency: 'EUR' }, code: 'currency_mismatch' },
      { path: '/v1/charges', body: { ...charge, amount: -1 }, code: 'amount_too_small' },
      { path: '/v1/charges/ch_missing/capture', body: {}, code: 'resource_missing' },
    ];
    for (const { path, body, code } of refusals) {
      const headers = { 'Idempotency-Key': randomUUID() };
      const first = await server.call('POST', path, { token, body, headers });
      expect(first.body.error.code).toBe(code);
      const replayed = await server.call('POST', path, { token, body, headers });
      expect(replayed.status).toBe(first.status);
      expect(replayed.body).toEqual(first.body);
      expect(replayed.headers.get(REPLAYED)).toBe('true');
      expect(replayed.headers.get('kestrel-request-id')).not.toBe(first.body.error.request_id);
    }
    const headers = { 'Idempotency-Key': randomUUID() };
    const unauthenticated = await server.call('POST', '/v1/charges', { body: charge, headers });
    expect(unauthenticated.status).toBe(401);
    const ran = await server.call('POST', '/v1/charges', { token, body: charge, headers });
    expect(ran.status).toBe(201);
    expect(ran.headers.get(REPLAYED)).toBeNull();
  });

  it('answers a request while another with the same key runs with idempotency_request_in_progress', async () => {
    const token = await server.token();
    const headers = { 'Idempotency-Key': randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.call('POST', '/v1/charges', { token, body: charge, headers }),
      ),
    );
    const ran = answers.filter((answer) => answer.status === 201 && !answer.headers.get(REPLAYED));
    expect(ran).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate !== ran[0])) {
      if (answer.status === 409) {
        expect(answer.body.error.code).toBe('idempotency_request_in_progress');
        expect(answer.headers.get('retry-after')).toBe('1');
      } else {
        expect(answer.body).toEqual(ran[0]!.body);
      }
    }
    const retried = await server.call('POST', '/v1/charges', { token, body: charge, headers });
    expect(retried.body).toEqual(ran[0]!.body);
    expect((await server.call('GET', '/inbox', { token })).body.data).toHaveLength(1);
  });

  it('writes a replay in the API version of the first request', async () => {
    const token = await server.token();
    const key = randomUUID();
    const first = await server.call('POST', '/v1/charges', {
      token,
      body: charge,
      headers: { 'Idempotency-Key': key, 'Kestrel-Version': '2025-11-01' },
    });
    expect(first.headers.get('kestrel-version')).toBe('2025-11-01');
    const again = await server.call('POST', '/v1/charges', {
      token,
      body: charge,
      headers: { 'Idempotency-Key': key },
    });
    expect(again.headers.get('kestrel-version')).toBe('2025-11-01');
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
