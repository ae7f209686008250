import { afterAll, beforeAll } from 'vitest';
import { connectRedis, type SandboxRedis } from '@/lib/sandbox/store/redis-client';
import { RedisStore } from '@/lib/sandbox/store/redis';
import { startRedis, type RunningRedis } from '@/scripts/lib/redis-server';
import { requestLogContract } from '@/tests/unit/request-log-store-contract';

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

requestLogContract('the Redis store', async (limits = {}) => {
  await client.flushAll();
  const store = new RedisStore(client, limits);
  stores.push(store);
  return store;
});
