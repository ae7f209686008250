import { randomUUID } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CONCURRENT_REQUESTS,
  MAX_BODY_BYTES,
  REQUESTS_PER_SECOND,
  TOKENS_PER_MINUTE,
} from '@/lib/sandbox/limits';
import type { SandboxObject } from '@/lib/sandbox/model';
import { MemoryStore } from '@/lib/sandbox/store/memory';
import { sandboxConfig, startSandboxServer, testClock } from '../../support/sandbox-server';

let server: Awaited<ReturnType<typeof startSandboxServer>> | undefined;
afterEach(() => server?.close());

const documented = {
  requestsPerSecond: REQUESTS_PER_SECOND,
  tokensPerMinute: TOKENS_PER_MINUTE,
  concurrentRequests: CONCURRENT_REQUESTS,
};

/** A store whose sandbox look-ups wait while held, so the requests making them stay in progress. */
class HeldStore extends MemoryStore {
  waiting = 0;
  private gate?: Promise<void>;
  private letGo = () => undefined as void;

  hold() {
    this.gate = new Promise((resolve) => (this.letGo = resolve));
  }

  release() {
    this.gate = undefined;
    this.letGo();
  }

  override async sandbox(id: string, now: number) {
    if (this.gate) {
      this.waiting += 1;
      await this.gate;
    }
    return super.sandbox(id, now);
  }
}

/** A POST whose body is still arriving until `end` is called. */
function slowPost(origin: string, token: string): { sent: ClientRequest; done: Promise<number> } {
  let sent!: ClientRequest;
  const done = new Promise<number>((resolve, reject) => {
    sent = httpRequest(`${origin}/sandbox/v1/customers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
    });
    sent.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.write('{"name": "Amelia Hart",');
    sent.flushHeaders();
  });
  return { sent, done };
}

describe('the documented rate limits of the sandbox', () => {
  it('allows 25 requests a second, reports them in RateLimit headers, then answers 429 with Retry-After', async () => {
    const clock = testClock();
    server = await startSandboxServer({ config: sandboxConfig(documented), clock: clock.now });
    const token = await server.token();
    const remaining: string[] = [];
    for (let index = 1; index < REQUESTS_PER_SECOND; index += 1) {
      const answer = await server.call('GET', '/v1/charges', { token });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBe(String(REQUESTS_PER_SECOND));
      expect(answer.headers.get('ratelimit-reset')).toBe('1');
      remaining.push(answer.headers.get('ratelimit-remaining')!);
    }
    // The token request counted too: the first answer after it has 23 left.
    expect(remaining[0]).toBe(String(REQUESTS_PER_SECOND - 2));
    expect(remaining.at(-1)).toBe('0');
    const limited = await server.call('GET', '/v1/charges', { token });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({
      type: 'rate_limit_error',
      code: 'rate_limit_exceeded',
    });
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    clock.advance(1000);
    expect((await server.call('GET', '/v1/charges', { token })).status).toBe(200);
  });

  it('does not let a client buy a fresh allowance with a forged X-Forwarded-For', async () => {
    const clock = testClock();
    server = await startSandboxServer({
      config: sandboxConfig({ ...documented, requestsPerSecond: 2 }),
      clock: clock.now,
    });
    await server.token();
    await server.call('GET', '/v1/charges', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    const forged = await server.call('GET', '/v1/charges', {
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(forged.status).toBe(429);
  });

  it('counts every client as one without a trusted proxy', async () => {
    const clock = testClock();
    server = await startSandboxServer({
      config: { ...sandboxConfig({ ...documented, requestsPerSecond: 1 }), trustProxy: false },
      clock: clock.now,
    });
    expect((await server.call('GET', '/v1/charges')).status).toBe(401);
    const other = await server.call('GET', '/v1/charges', {
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(other.status).toBe(429);
  });

  it('issues 10 tokens a minute, then answers 429 until the minute is over', async () => {
    const clock = testClock();
    server = await startSandboxServer({ config: sandboxConfig(documented), clock: clock.now });
    for (let index = 0; index < TOKENS_PER_MINUTE; index += 1) {
      expect(await server.token()).toMatch(/^kp_at_/);
      clock.advance(1000);
    }
    const refused = await server.call('POST', '/v1/auth/token', {
      body: {
        public_key: 'pk_test_KestrelDocsSandbox',
        private_key: 'sk_test_KestrelDocsSandboxPrivate',
      },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit_exceeded');
    expect(Number(refused.headers.get('retry-after'))).toBe(60 - TOKENS_PER_MINUTE);
    // The counters of the token allowance it ran out of, not of the requests per second.
    expect(refused.headers.get('ratelimit-limit')).toBe(String(TOKENS_PER_MINUTE));
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe(refused.headers.get('retry-after'));
    clock.advance(60_000);
    expect(await server.token()).toMatch(/^kp_at_/);
  });

  it('answers 429 to an eleventh request while ten are in progress', async () => {
    const store = new HeldStore();
    server = await startSandboxServer({ config: sandboxConfig(documented), store });
    const token = await server.token();
    store.hold();
    const running = Array.from({ length: CONCURRENT_REQUESTS }, () =>
      server!.call('GET', '/v1/charges', { token }),
    );
    await expect.poll(() => store.waiting).toBe(CONCURRENT_REQUESTS);
    const refused = await server.call('GET', '/v1/charges', { token });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit_exceeded');
    expect(refused.headers.get('retry-after')).toBe('1');
    store.release();
    expect((await Promise.all(running)).map(({ status }) => status)).toEqual(
      Array(CONCURRENT_REQUESTS).fill(200),
    );
    expect((await server.call('GET', '/v1/charges', { token })).status).toBe(200);
  });

  it('counts no request in progress while its body is still arriving', async () => {
    server = await startSandboxServer({ config: sandboxConfig(documented) });
    const token = await server.token();
    const arriving = Array.from({ length: CONCURRENT_REQUESTS + 2 }, () =>
      slowPost(server!.origin, token),
    );
    expect((await server.call('GET', '/v1/charges', { token })).status).toBe(200);
    for (const { sent } of arriving) sent.end('"email": "amelia@example.com"}');
    expect(await Promise.all(arriving.map(({ done }) => done))).toEqual(
      Array(CONCURRENT_REQUESTS + 2).fill(201),
    );
  });
});

describe('limits of a public sandbox', () => {
  it('gives up on a body still arriving after the timeout with 408', async () => {
    server = await startSandboxServer({ config: { ...sandboxConfig(), bodyTimeoutMs: 200 } });
    const token = await server.token();
    const { done } = slowPost(server.origin, token);
    expect(await done).toBe(408);
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
    // Room for the steps the story leaves to come in each sandbox, and a few objects.
    const maxObjects = 24;
    const store = new MemoryStore({ maxObjects, maxSandboxes: 2, maxSandboxesPerClient: 2 });
    server = await startSandboxServer({ store });
    const token = await server.token();
    const create = () =>
      server!.call('POST', '/v1/customers', {
        token,
        body: { name: 'Amelia Hart', email: 'amelia@example.com' },
        headers: { 'Idempotency-Key': randomUUID() },
      });
    expect(server.sandbox.model.story.steps.length).toBeLessThan(maxObjects);
    for (let index = 0; index < maxObjects; index += 1) expect((await create()).status).toBe(201);
    const full = await create();
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('sandbox_full');
    expect(full.body.error.message).toContain('new access token');
    await server.token();
    await server.token();
    expect(store.stats().sandboxes).toBe(2);
    const dropped = await server.call('GET', '/v1/customers', { token });
    expect(dropped.body.error.code).toBe('token_invalid');
  });

  it('changes nothing when a create finds the sandbox full: no object, no event, no replay', async () => {
    server = await startSandboxServer({ store: new MemoryStore({ maxBytes: 16 * 1024 }) });
    const token = await server.token();
    const state = async () => ({
      customers: (await server!.call('GET', '/v1/customers?limit=100', { token })).body.data,
      inbox: (await server!.call('GET', '/inbox', { token })).body.data,
    });
    for (let created = 0; created < 100; created += 1) {
      const before = await state();
      const request = {
        token,
        body: { name: `Customer ${created}`, email: 'amelia@example.com' },
        headers: { 'Idempotency-Key': randomUUID() },
      };
      const answer = await server.call('POST', '/v1/customers', request);
      if (answer.status === 201) continue;
      expect(answer.status).toBe(409);
      expect(await state()).toEqual(before);
      const retried = await server.call('POST', '/v1/customers', request);
      expect(retried.status).toBe(409);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      return;
    }
    throw new Error('The sandbox never filled up.');
  });

  it('answers an unforeseen failure with the documented 500, which a retry with the same key runs again', async () => {
    class FailingStore extends MemoryStore {
      failing = true;
      override async put(sandboxId: string, kind: string, key: string, object: SandboxObject) {
        if (this.failing) throw new Error('The disk is full.');
        return super.put(sandboxId, kind, key, object);
      }
    }
    const store = new FailingStore();
    server = await startSandboxServer({ store });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const token = await server.token();
    const request = {
      token,
      body: { name: 'Amelia Hart', email: 'amelia@example.com' },
      headers: { 'Idempotency-Key': randomUUID() },
    };
    const failed = await server.call('POST', '/v1/customers', request);
    expect(failed.status).toBe(500);
    expect(failed.body.error).toMatchObject({ type: 'api_error', code: 'internal_error' });
    expect(failed.body.error.request_id).toBe(failed.headers.get('kestrel-request-id'));
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
    store.failing = false;
    const retried = await server.call('POST', '/v1/customers', request);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 404 on every sandbox path when switched off', async () => {
    server = await startSandboxServer({ config: { ...sandboxConfig(), enabled: false } });
    for (const path of ['/v1/auth/token', '/v1/charges', '/inbox', '/inbox/stream']) {
      const response = await fetch(`${server.base}${path}`, {
        method: path.includes('token') ? 'POST' : 'GET',
      });
      expect(response.status).toBe(404);
    }
  });
});
