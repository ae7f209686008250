import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type SandboxRedis } from '@/lib/sandbox/store/redis-client';
import { RedisStore } from '@/lib/sandbox/store/redis';
import { sandboxKeys } from '@/lib/sandbox/store/redis-keys';
import { StoreUnavailableError } from '@/lib/sandbox/store/types';
import { startRedis, type RunningRedis } from '@/scripts/lib/redis-server';
import { RedisRateLimiter } from '@/lib/sandbox/redis-rate-limit';
import { limiterContract, storeContract } from '@/tests/unit/sandbox-store-contract';

/** A delivery as the inbox stores it. */
const DELIVERY = {
  id: 'd',
  event_id: 'e',
  type: 't',
  delivered_at: '',
  headers: {},
  body: '{}',
};

let redis: RunningRedis;
let client: SandboxRedis;
const stores: RedisStore[] = [];

beforeAll(async () => {
  redis = await startRedis();
  const connection = connectRedis(redis.url);
  client = connection.client;
  await connection.connected;
});

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await client.close();
  await redis.stop();
});

/** A store on an emptied Redis. */
async function newStore(limits = {}) {
  await client.flushAll();
  const store = new RedisStore(client, limits);
  stores.push(store);
  return store;
}

storeContract('the Redis store', newStore);
limiterContract('the Redis rate limiter', async (limit, windowMs) => {
  await client.flushAll();
  return new RedisRateLimiter(client, 'test', limit, windowMs);
});

const record = { id: 's', expiresAt: Date.now() + 60_000, signingSecret: 'whsec_x', roles: [] };

describe('the Redis store', () => {
  it('shares one sandbox between stores on the same Redis, lock included', async () => {
    const one = await newStore();
    const other = new RedisStore(client);
    stores.push(other);
    await one.open(record, Date.now());
    await one.put('s', 'customer', 'a', { id: 'a', object: 'customer' });
    expect(await other.get('s', 'customer', 'a')).toEqual({ id: 'a', object: 'customer' });
    const order: string[] = [];
    const slow = one.exclusive('s', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('one');
    });
    await expect.poll(() => client.exists(sandboxKeys('s').lock)).toBe(1);
    await other.exclusive('s', async () => void order.push('other'));
    await slow;
    expect(order).toEqual(['one', 'other']);
    expect(await other.claimIdempotencyKey('s', 'k')).toBe(true);
    expect(await one.claimIdempotencyKey('s', 'k')).toBe(false);
    let woken = false;
    await other.watchDeliveries('s', () => (woken = true));
    await one.deliver('s', DELIVERY);
    await expect.poll(() => woken).toBe(true);
  });

  it('gives every key of a sandbox, its claims and its lock a time to live', async () => {
    const store = await newStore({ idleMs: 60_000 });
    await store.open(record, Date.now());
    await store.put('s', 'customer', 'a', { id: 'a', object: 'customer' });
    await store.deliver('s', DELIVERY);
    await store.schedule('s', {
      dueAt: 1,
      kind: 'k',
      key: 'x',
      from: 'a',
      changes: {},
      events: [],
      request: null,
    });
    await store.remove('s', 'customer', 'a');
    await store.saveIdempotency('s', {
      key: 'k',
      fingerprint: 'f',
      status: 200,
      body: {},
      version: 'v',
      storedAt: 0,
    });
    await store.claimIdempotencyKey('s', 'held');
    const ttls = await store.exclusive('s', async () => {
      const keys = (await client.keys('*')).filter((key) => key.includes('{s}'));
      return Promise.all(keys.map(async (key) => [key, await client.pTTL(key)] as const));
    });
    const { data, lock, claim } = sandboxKeys('s');
    // The object was removed, so its hash and order are gone; everything else is held.
    const held = [data[0], data[3], data[4], data[5], data[6], data[7], lock, claim('held')];
    expect(ttls.map(([key]) => key).sort()).toEqual(held.sort());
    for (const [key, ttl] of ttls) {
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(60_000);
    }
  });

  it('refuses at once, as unavailable, while Redis is down, and serves again once it is back', async () => {
    const store = await newStore();
    await store.open(record, Date.now());
    await redis.stop();
    try {
      const started = Date.now();
      await expect(store.sandbox('s', Date.now())).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.exclusive('s', async () => 1)).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      redis = await startRedis({ port: redis.port });
    }
    await expect.poll(() => client.isReady, { timeout: 10_000 }).toBe(true);
    await store.open(record, Date.now());
    expect(await store.sandbox('s', Date.now())).toEqual(record);
  });
});
