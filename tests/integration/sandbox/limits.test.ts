import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '@/lib/sandbox/limits';
import { MemoryStore } from '@/lib/sandbox/store/memory';
import { startSandboxServer } from '../../support/sandbox-server';

let server: Awaited<ReturnType<typeof startSandboxServer>> | undefined;
afterEach(() => server?.close());

describe('limits of a public sandbox', () => {
  it('answers 429 in the error envelope with Retry-After once a client exceeds the rate limit', async () => {
    server = await startSandboxServer({ config: { enabled: true, rateLimitRequests: 3 } });
    const token = await server.token();
    const statuses = [];
    for (let index = 0; index < 3; index += 1)
      statuses.push((await server.call('GET', '/v1/charges', { token })).status);
    const limited = await server.call('GET', '/v1/charges', { token });
    expect(statuses).toEqual([200, 200, 429]);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({
      type: 'rate_limit_error',
      code: 'rate_limit_exceeded',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a body over the limit with 413, streamed without a length too', async () => {
    server = await startSandboxServer();
    const token = await server.token();
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), email: 'a@example.com' });
    const declared = await fetch(`${server.base}/v1/customers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.type).toBe('invalid_request_error');
    const streamed = await fetch(`${server.base}/v1/customers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('keeps memory within its caps: objects per sandbox and sandboxes held', async () => {
    const store = new MemoryStore({ maxObjects: 3, maxSandboxes: 2 });
    server = await startSandboxServer({ store });
    const token = await server.token();
    const create = () =>
      server!.call('POST', '/v1/customers', {
        token,
        body: { name: 'Amelia Hart', email: 'amelia@example.com' },
        headers: { 'Idempotency-Key': randomUUID() },
      });
    for (let index = 0; index < 3; index += 1) expect((await create()).status).toBe(201);
    const full = await create();
    expect(full.status).toBe(429);
    expect(full.body.error.message).toContain('new access token');
    await server.token();
    await server.token();
    expect(store.stats().sandboxes).toBe(2);
    expect((await server.call('GET', '/v1/customers', { token })).body.error.code).toBe(
      'token_expired',
    );
  });

  it('answers 404 on every sandbox path when switched off', async () => {
    server = await startSandboxServer({ config: { enabled: false, rateLimitRequests: 10 } });
    for (const path of ['/v1/auth/token', '/v1/charges', '/inbox', '/inbox/stream']) {
      const response = await fetch(`${server.base}${path}`, {
        method: path.includes('token') ? 'POST' : 'GET',
      });
      expect(response.status).toBe(404);
    }
  });
});
