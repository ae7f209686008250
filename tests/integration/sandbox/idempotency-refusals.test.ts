// A request refused before it ran, with 403 or 429, stores nothing under its Idempotency-Key, as
// the Idempotency page says: its retry with the same key runs, unmarked by Idempotent-Replayed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxConfig, startSandboxServer, testClock } from '../../support/sandbox-server';
import { CHARGE } from '../../support/sandbox-session';

/** Requests a client may send a second here: few, so that one more is refused with 429. */
const REQUESTS_PER_SECOND = 3;
const clock = testClock();
let server: Awaited<ReturnType<typeof startSandboxServer>>;

beforeAll(async () => {
  server = await startSandboxServer({
    config: sandboxConfig({ requestsPerSecond: REQUESTS_PER_SECOND }),
    clock: clock.now,
  });
});
afterAll(() => server.close());

/** A new second of the rate limit's window. */
const nextSecond = () => clock.advance(1000);

const charge = (token: string, key: string) =>
  server.call('POST', '/v1/charges', { token, body: CHARGE, headers: { 'Idempotency-Key': key } });

describe('a refusal before the request ran', () => {
  it('stores nothing for a 403: the retry with a permitted key pair runs', async () => {
    nextSecond();
    const token = await server.token();
    const pair = await server.call('POST', '/v1/api_keys', {
      token,
      body: { name: 'Reporting job', roles: ['viewer'] },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(pair.status, JSON.stringify(pair.body)).toBe(201);
    nextSecond();
    const viewer = await server.call('POST', '/v1/auth/token', {
      body: { public_key: pair.body.public_key, private_key: pair.body.private_key },
    });
    const key = randomUUID();
    const refused = await charge(viewer.body.access_token, key);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_permissions');
    nextSecond();
    const ran = await charge(token, key);
    expect(ran.status, JSON.stringify(ran.body)).toBe(201);
    expect(ran.headers.get('idempotent-replayed')).toBeNull();
  });

  it('stores nothing for a 429: the retry after Retry-After runs', async () => {
    nextSecond();
    const token = await server.token();
    for (let sent = 1; sent < REQUESTS_PER_SECOND; sent += 1) {
      expect((await server.call('GET', '/v1/charges', { token })).status).toBe(200);
    }
    const key = randomUUID();
    const limited = await charge(token, key);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limit_exceeded');
    clock.advance(Number(limited.headers.get('retry-after')) * 1000);
    const ran = await charge(token, key);
    expect(ran.status, JSON.stringify(ran.body)).toBe(201);
    expect(ran.headers.get('idempotent-replayed')).toBeNull();
    const again = await charge(token, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});
