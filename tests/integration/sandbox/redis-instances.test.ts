import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { startSite } from '@/scripts/lib/site-server';
import { startRedis, type RunningRedis } from '@/scripts/lib/redis-server';
import { CHARGE } from '../../support/sandbox-session';

/** Access tokens one client may request per minute on these servers: low enough to reach. */
const TOKENS_PER_MINUTE = 3;

let redis: RunningRedis;
let sites: Awaited<ReturnType<typeof startSite>>[] = [];

beforeAll(async () => {
  redis = await startRedis();
  // Two production servers of one build on one Redis; each test is its own client (X-Forwarded-For).
  const env = {
    SANDBOX_REDIS_URL: redis.url,
    TRUST_PROXY: 'true',
    SANDBOX_AUTH_RATE_LIMIT: String(TOKENS_PER_MINUTE),
  };
  sites = await Promise.all([startSite({ env }), startSite({ env })]);
}, 90_000);

afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  await redis.stop();
});

/** A client of the sandbox, with its own address, calling either instance. */
function client() {
  const address = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const call = async (
    instance: number,
    method: string,
    path: string,
    init: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { 'x-forwarded-for': address, ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${sites[instance]!.url}/sandbox${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, headers: response.headers, body: JSON.parse(text) as any };
  };
  const token = (instance: number) =>
    call(instance, 'POST', '/v1/auth/token', {
      body: { public_key: SANDBOX_KEY_PAIR.publicKey, private_key: SANDBOX_KEY_PAIR.privateKey },
    });
  return { call, token };
}

describe('two instances on one Redis', () => {
  it('accept each other’s tokens and serve each other’s objects', async () => {
    const { call, token } = client();
    const issued = await token(0);
    expect(issued.status).toBe(200);
    const created = await call(1, 'POST', '/v1/charges', {
      token: issued.body.access_token,
      body: CHARGE,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(created.status).toBe(201);
    const read = await call(0, 'GET', `/v1/charges/${created.body.id}`, {
      token: issued.body.access_token,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('give a key pair made on one a token on the other, into the same sandbox with its roles', async () => {
    const { call, token } = client();
    const full = (await token(0)).body.access_token as string;
    const made = await call(0, 'POST', '/v1/api_keys', {
      token: full,
      body: { name: 'Reporting', roles: ['viewer'] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(made.status).toBe(201);
    const { public_key, private_key } = made.body;
    const issued = await call(1, 'POST', '/v1/auth/token', { body: { public_key, private_key } });
    expect(issued.status).toBe(200);
    const viewer = issued.body.access_token as string;
    const listed = await call(0, 'GET', '/v1/api_keys', { token: full });
    expect(listed.body.data.map((key: { id: string }) => key.id)).toContain(made.body.id);
    const refused = await call(1, 'POST', '/v1/charges', {
      token: viewer,
      body: CHARGE,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_permissions');
    expect((await call(0, 'GET', '/v1/charges', { token: viewer })).status).toBe(200);
  });

  it('create one charge for one Idempotency-Key sent to both at once', async () => {
    const { call, token } = client();
    const accessToken = (await token(0)).body.access_token as string;
    const listed = async () =>
      (await call(0, 'GET', '/v1/charges?limit=100', { token: accessToken })).body.data.length;
    const before = await listed();
    const key = randomUUID();
    const send = (instance: number) =>
      call(instance, 'POST', '/v1/charges', {
        token: accessToken,
        body: CHARGE,
        headers: { 'idempotency-key': key },
      });
    const answers = await Promise.all([send(0), send(1), send(0), send(1)]);
    const created = answers.filter((answer) => answer.status === 201);
    // The others wait for the first (409 in progress) or replay its answer.
    for (const answer of answers) {
      if (answer.status === 409)
        expect(answer.body.error.code).toBe('idempotency_request_in_progress');
      else expect(answer.body.id).toBe(created[0]!.body.id);
    }
    expect((await send(1)).headers.get('idempotent-replayed')).toBe('true');
    expect(await listed()).toBe(before + 1);
  });

  it('count a client’s requests together', async () => {
    const { call, token } = client();
    const answers = [];
    for (const instance of [0, 1, 0, 1]) answers.push(await token(instance));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.body.error.code).toBe('rate_limit_exceeded');
    // The per-second limit too: the second instance goes on from the first one's count.
    for (let attempt = 0; ; attempt += 1) {
      const first = await call(0, 'GET', '/v1/charges');
      const second = await call(1, 'GET', '/v1/charges');
      const remaining = (answer: typeof first) => Number(answer.headers.get('ratelimit-remaining'));
      // A new second may start between the two: then try again.
      if (remaining(first) - remaining(second) === 1 || attempt === 2) {
        expect(remaining(first) - remaining(second)).toBe(1);
        break;
      }
    }
  });

  it('keep one request log, whichever served each request', async () => {
    const { call, token } = client();
    const accessToken = (await token(0)).body.access_token as string;
    const created = await call(0, 'POST', '/v1/charges', {
      token: accessToken,
      body: CHARGE,
      headers: { 'idempotency-key': randomUUID() },
    });
    const read = await call(1, 'GET', `/v1/charges/${created.body.id}`, { token: accessToken });
    const served = [read, created].map((answer) => answer.headers.get('kestrel-request-id'));
    for (const instance of [0, 1]) {
      const listed = await call(instance, 'GET', '/requests', { token: accessToken });
      expect(listed.body.data.map((entry: { id: string }) => entry.id)).toEqual(served);
    }
    const opened = await call(0, 'GET', `/requests/${served[0]}`, { token: accessToken });
    expect(opened.body.response.body).toBe(JSON.stringify(read.body));
  });

  it('stream a delivery to an inbox open on one, caused through the other', async () => {
    const { call, token } = client();
    const accessToken = (await token(0)).body.access_token as string;
    const controller = new AbortController();
    const stream = await fetch(`${sites[0]!.url}/sandbox/inbox/stream`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let text = '';
    // The stream has started once its retry line arrives: what comes next is new.
    while (!text.includes('retry:')) text += new TextDecoder().decode((await reader.read()).value);
    const created = await call(1, 'POST', '/v1/charges', {
      token: accessToken,
      body: CHARGE,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(created.status).toBe(201);
    while (!text.includes('event: delivery')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(text).toContain(created.body.id);
  });

  it('answer 503 in the error envelope while Redis is down, render the docs, and recover', async () => {
    const { call, token } = client();
    const accessToken = (await token(0)).body.access_token as string;
    await redis.stop();
    try {
      for (const instance of [0, 1]) {
        const refused = await call(instance, 'GET', '/v1/charges', { token: accessToken });
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('5');
        expect(refused.body.error).toMatchObject({
          type: 'api_error',
          code: 'service_unavailable',
          message:
            'The sandbox is briefly unavailable. Retry after 5 seconds with the same Idempotency-Key.',
          param: null,
        });
        expect(refused.body.error.request_id).toEqual(expect.any(String));
        const page = await fetch(`${sites[instance]!.url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<html');
      }
    } finally {
      redis = await startRedis({ port: redis.port });
    }
    // Redis came back empty: a new token opens a sandbox, on either instance.
    for (const instance of [0, 1]) {
      await expect
        .poll(async () => (await token(instance)).status, { timeout: 15_000, interval: 250 })
        .toBe(200);
    }
  });
});
