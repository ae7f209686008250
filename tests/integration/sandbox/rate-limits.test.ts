// The documented rate limits of the sandbox, each on a server of its own: requests a second,
// tokens a minute and requests in progress, told in RateLimit headers and refused with 429 and
// Retry-After, counted per client, never per forged address.
import { afterEach, describe, expect, it } from 'vitest';
import { CONCURRENT_REQUESTS, REQUESTS_PER_SECOND, TOKENS_PER_MINUTE } from '@/lib/sandbox/limits';
import { MemoryStore } from '@/lib/sandbox/store/memory';
import { sandboxConfig, startSandboxServer, testClock } from '../../support/sandbox-server';
import { slowPost } from '../../support/slow-post';

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
