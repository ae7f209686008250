// Faults as an operator meets them, on the deployment the README offers: nginx with
// deploy/nginx.conf in front of two production servers of one build on one redis-server. An
// instance killed under load, Redis hung and stopped, every instance down: no key is answered
// twice with two objects, no acknowledged write goes missing, and every refusal is documented.
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { startProxy } from '@/scripts/lib/proxy-server';
import { startRedis, type RunningRedis } from '@/scripts/lib/redis-server';
import { startSite } from '@/scripts/lib/site-server';

/** Writers at once, each its own client address and sandbox. */
const WRITERS = 6;
/** How long the writers keep creating; one instance is killed a third of the way in. */
const LOAD_MS = 6000;

let folder = '';
let redis: RunningRedis;
let sites: Awaited<ReturnType<typeof startSite>>[] = [];
let proxy: Awaited<ReturnType<typeof startProxy>>;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'fault-tolerance-'));
  redis = await startRedis();
  const env = { TRUST_PROXY: 'true', SANDBOX_REDIS_URL: redis.url };
  sites = await Promise.all([startSite({ env }), startSite({ env })]);
  for (const site of sites) await fetch(`${site.url}/sandbox/inbox`);
  proxy = await startProxy(
    sites.map((site) => new URL(site.url).host),
    folder,
  );
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all(sites.map((site) => site.stop()));
  await redis?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
};

/** A request through the proxy from one client address, over that client's kept-alive connections. */
function client(localAddress: string) {
  const agent = new Agent({ keepAlive: true, localAddress });
  const send = (
    method: string,
    target: string,
    { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const outgoing = request(
        `${proxy.url}${target}`,
        {
          method,
          agent,
          timeout: 20_000,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
          );
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('no answer in 20 s')));
      outgoing.on('error', reject);
      outgoing.end(body ? JSON.stringify(body) : undefined);
    });
  return { send, close: () => agent.destroy() };
}

async function tokenFor(send: ReturnType<typeof client>['send']) {
  const answer = await send('POST', '/sandbox/v1/auth/token', {
    body: { public_key: SANDBOX_KEY_PAIR.publicKey, private_key: SANDBOX_KEY_PAIR.privateKey },
  });
  expect(answer.status, answer.text).toBe(200);
  return `Bearer ${JSON.parse(answer.text).access_token as string}`;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the load saw: statuses of every attempt, and each key's acknowledged object. */
type Outcome = {
  acked: Map<string, string>;
  statuses: Map<number, number>;
  replayed: number;
  /** The longest a key waited, from its first attempt to its answer. */
  longestWaitMs: number;
};

/** Creates customers one after another, each retried with its key until answered, as an SDK does. */
async function write(
  index: number,
  until: number,
): Promise<Outcome & { list: () => Promise<Map<string, string[]>> }> {
  const { send, close } = client(`127.0.0.${10 + index}`);
  const authorization = await tokenFor(send);
  const outcome: Outcome = { acked: new Map(), statuses: new Map(), replayed: 0, longestWaitMs: 0 };
  const count = (status: number) =>
    outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
  for (let n = 0; Date.now() < until; n += 1) {
    const key = `writer-${index}-${n}`;
    const body = { name: 'Fault Test', email: `${key}@example.com`, metadata: { key } };
    const firstTried = Date.now();
    for (let attempt = 0; ; attempt += 1) {
      if (attempt > 80) throw new Error(`${key} was never answered`);
      const answer = await send('POST', '/sandbox/v1/customers', {
        body,
        headers: { authorization, 'idempotency-key': key },
      }).catch(() => undefined);
      count(answer?.status ?? 0);
      if (answer?.status === 201) {
        outcome.acked.set(key, JSON.parse(answer.text).id as string);
        if (answer.headers['idempotent-replayed'] === 'true') outcome.replayed += 1;
        outcome.longestWaitMs = Math.max(outcome.longestWaitMs, Date.now() - firstTried);
        break;
      }
      const retryAfter = Number(answer?.headers['retry-after'] ?? 0);
      await pause(retryAfter > 0 ? Math.min(retryAfter, 2) * 1000 : 200);
    }
  }
  /** The sandbox's customers made by this writer, by key. */
  const list = async () => {
    const byKey = new Map<string, string[]>();
    let after = '';
    for (;;) {
      const page = await send('GET', `/sandbox/v1/customers?limit=100${after}`, {
        headers: { authorization },
      });
      expect(page.status, page.text).toBe(200);
      const { data, has_more } = JSON.parse(page.text) as {
        data: { id: string; metadata?: { key?: string } }[];
        has_more: boolean;
      };
      for (const customer of data) {
        const key = customer.metadata?.key;
        if (key?.startsWith(`writer-${index}-`))
          byKey.set(key, [...(byKey.get(key) ?? []), customer.id]);
      }
      if (!has_more) break;
      after = `&starting_after=${data.at(-1)!.id}`;
    }
    close();
    return byKey;
  };
  return { ...outcome, list };
}

describe('the deployment under faults', () => {
  it('doubles no key and loses no acknowledged write when an instance is killed under load', async () => {
    const started = Date.now();
    const writers = Array.from({ length: WRITERS }, (_, index) => write(index, started + LOAD_MS));
    await pause(LOAD_MS / 3);
    process.kill(sites[0]!.pid, 'SIGKILL');
    const outcomes = await Promise.all(writers);
    let acked = 0;
    let replayed = 0;
    let longestWaitMs = 0;
    let doubled = 0;
    let missing = 0;
    const statuses = new Map<number, number>();
    for (const outcome of outcomes) {
      const made = await outcome.list();
      acked += outcome.acked.size;
      replayed += outcome.replayed;
      longestWaitMs = Math.max(longestWaitMs, outcome.longestWaitMs);
      for (const ids of made.values()) if (ids.length > 1) doubled += 1;
      for (const [key, id] of outcome.acked) if (made.get(key)?.[0] !== id) missing += 1;
      for (const [status, times] of outcome.statuses) {
        statuses.set(status, (statuses.get(status) ?? 0) + times);
      }
    }
    console.info(
      `Killed one of two instances under load: ${acked} writes acknowledged (${replayed} as replays), ${doubled} keys doubled, ${missing} missing; attempts by status ${JSON.stringify(Object.fromEntries(statuses))}; the longest a key waited for its answer: ${longestWaitMs} ms.`,
    );
    expect(acked).toBeGreaterThan(WRITERS * 5);
    expect(doubled).toBe(0);
    expect(missing).toBe(0);
    // Whatever failed was told so in a documented way: no HTML, no hang.
    expect([...statuses.keys()].every((status) => [201, 409, 429, 503].includes(status))).toBe(
      true,
    );
  }, 120_000);

  it('answers 503 with Retry-After within seconds while Redis hangs, and serves once it answers', async () => {
    const { send, close } = client('127.0.0.30');
    const authorization = await tokenFor(send);
    redis.pause();
    let answer: Answer;
    const started = Date.now();
    try {
      answer = await send('GET', '/sandbox/v1/customers', { headers: { authorization } });
    } finally {
      redis.resume();
    }
    const tookMs = Date.now() - started;
    console.info(`A hung Redis: ${answer.status} after ${tookMs} ms.`);
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.parse(answer.text).error.code).toBe('service_unavailable');
    expect(tookMs).toBeLessThan(5000);
    await expect
      .poll(
        async () =>
          (await send('GET', '/sandbox/v1/customers', { headers: { authorization } })).status,
        { timeout: 15_000, interval: 500 },
      )
      .toBe(200);
    close();
  }, 60_000);

  it('answers 503 while Redis is stopped, and issues sandboxes again once it is back', async () => {
    const { send, close } = client('127.0.0.31');
    await redis.stop();
    try {
      const answer = await send('GET', '/sandbox/v1/customers', {
        headers: { authorization: 'Bearer kp_at_unknown' },
      });
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.text).error.code).toBe('service_unavailable');
    } finally {
      redis = await startRedis({ port: redis.port });
    }
    await expect
      .poll(
        async () =>
          (
            await send('POST', '/sandbox/v1/auth/token', {
              body: {
                public_key: SANDBOX_KEY_PAIR.publicKey,
                private_key: SANDBOX_KEY_PAIR.privateKey,
              },
            })
          ).status,
        { timeout: 15_000, interval: 500 },
      )
      .toBe(200);
    close();
  }, 60_000);

  it('answers in the documented envelope, with Retry-After, when no instance is up', async () => {
    await Promise.all(sites.map((site) => site.stop()));
    const { send, close } = client('127.0.0.32');
    const api = await send('POST', '/sandbox/v1/customers', { body: { name: 'Nobody' } });
    expect(api.status).toBe(503);
    expect(api.headers['content-type']).toBe('application/json');
    expect(api.headers['retry-after']).toBe('5');
    const { error } = JSON.parse(api.text);
    expect(error).toMatchObject({ type: 'api_error', code: 'service_unavailable', param: null });
    expect(error.request_id).toMatch(/^req_[0-9a-f]{32}$/);
    const page = await send('GET', '/resources/charges');
    expect(page.status).toBe(503);
    expect(page.headers['retry-after']).toBe('5');
    expect(page.text).toContain('briefly unavailable');
    close();
  }, 60_000);
});
