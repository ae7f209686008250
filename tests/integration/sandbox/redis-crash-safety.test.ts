// What the Redis store keeps when an instance dies mid-request, stalls past its lease, or finds
// Redis hung: a section's writes commit whole or not at all, and nothing waits on a silent Redis.
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis } from '@/lib/sandbox/store/redis-client';
import { RedisStore } from '@/lib/sandbox/store/redis';
import { sandboxKeys } from '@/lib/sandbox/store/redis-keys';
import { StoreUnavailableError } from '@/lib/sandbox/store/types';
import { redisForTests } from '../../support/test-redis';

const redis = redisForTests();
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers) await close().catch(() => undefined);
});

/** A store on its own connection, as another instance has. */
async function instance() {
  const connection = connectRedis(redis.server.url);
  await connection.connected;
  const store = new RedisStore(connection.client);
  closers.push(
    () => store.close(),
    () => connection.client.close(),
  );
  return { store, connection: connection.client };
}

const record = (id: string) => ({
  id,
  expiresAt: Date.now() + 600_000,
  signingSecret: 'whsec_x',
  roles: [],
});
const customer = (id: string) => ({ id, object: 'customer' });

describe('the Redis store, when an instance fails', () => {
  it('rolls back what a dead instance wrote in a section, and frees its key within seconds', async () => {
    const dying = await instance();
    const survivor = await instance();
    await survivor.store.open(record('crash'), Date.now());
    await survivor.store.put('crash', 'customer', 'before', customer('before'));
    expect(await dying.store.claimIdempotencyKey('crash', 'key-1')).toBe(true);
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    // The section writes its object and would store its answer next: the instance dies between.
    void dying.store
      .atomically('crash', async () => {
        await dying.store.put('crash', 'customer', 'orphan', customer('orphan'));
        wrote();
        await new Promise(() => undefined);
      })
      .catch(() => undefined);
    await written;
    dying.connection.destroy();
    expect(await survivor.store.get('crash', 'customer', 'orphan')).toEqual(customer('orphan'));
    const started = Date.now();
    await expect
      .poll(() => survivor.store.claimIdempotencyKey('crash', 'key-1'), { timeout: 15_000 })
      .toBe(true);
    const keyFreedMs = Date.now() - started;
    await survivor.store.exclusive('crash', async () => undefined);
    expect(await survivor.store.get('crash', 'customer', 'orphan')).toBeUndefined();
    expect(await survivor.store.get('crash', 'customer', 'before')).toEqual(customer('before'));
    expect(keyFreedMs).toBeLessThan(15_000);
    const { journal } = sandboxKeys('crash');
    expect(await redis.client.exists(journal(0).marker)).toBe(0);
  }, 30_000);

  it('refuses the writes of an instance whose lease another took, and never undoes the other’s', async () => {
    const stalled = await instance();
    const other = await instance();
    await other.store.open(record('stall'), Date.now());
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    const first = stalled.store.atomically('stall', async () => {
      await stalled.store.put('stall', 'customer', 'a', customer('a'));
      await paused;
      await stalled.store.put('stall', 'customer', 'late', customer('late'));
    });
    await expect.poll(() => stalled.store.get('stall', 'customer', 'a')).toEqual(customer('a'));
    // The lease lapses while the first instance stalls; the other takes it and rolls back.
    await redis.client.del(sandboxKeys('stall').lock);
    await other.store.atomically('stall', () =>
      other.store.put('stall', 'customer', 'b', customer('b')),
    );
    resume();
    await expect(first).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await other.store.get('stall', 'customer', 'a')).toBeUndefined();
    expect(await other.store.get('stall', 'customer', 'late')).toBeUndefined();
    expect(await other.store.get('stall', 'customer', 'b')).toEqual(customer('b'));
  });

  it('keeps delivery results and the request log as long as the sandbox is used', async () => {
    const idle = await redis.store({ idleMs: 1000 }, { emptied: false });
    await idle.open(record('used'), Date.now());
    const delivery = {
      id: 'd',
      event_id: 'e',
      type: 't',
      delivered_at: '',
      headers: {},
      body: '{}',
    };
    await idle.deliver('used', delivery);
    await idle.saveDeliveryResult('used', 'd', { status: 200, duration_ms: 1, reported_at: '' });
    const entry = { id: 'req_1', method: 'GET', path: '/v1/charges', status: 200 };
    await idle.logRequest('used', entry as never);
    for (let use = 0; use < 8; use++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await idle.sandbox('used', Date.now())).toBeDefined();
    }
    expect(Object.keys(await idle.deliveryResults('used'))).toEqual(['d']);
    expect(await idle.loggedRequests('used')).toHaveLength(1);
  });

  it('refuses, as unavailable, within seconds while Redis hangs, and serves once it answers', async () => {
    const { store } = await instance();
    await store.open(record('hung'), Date.now());
    redis.server.pause();
    try {
      const started = Date.now();
      await expect(store.sandbox('hung', Date.now())).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(
        store.atomically('hung', () => store.put('hung', 'customer', 'x', customer('x'))),
      ).rejects.toBeInstanceOf(StoreUnavailableError);
      // Each refusal comes after one command's deadline; the store does not queue behind it.
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      redis.server.resume();
    }
    await expect
      .poll(() => store.sandbox('hung', Date.now()).catch(() => undefined), { timeout: 10_000 })
      .toBeDefined();
  }, 30_000);
});
