import { afterAll, beforeAll } from 'vitest';
import { connectRedis, type SandboxRedis } from '@/lib/sandbox/store/redis-client';
import { RedisStore } from '@/lib/sandbox/store/redis';
import type { StoreLimits } from '@/lib/sandbox/store/types';
import { startRedis, type RunningRedis } from '@/scripts/lib/redis-server';

/**
 * A redis-server of the test file's own, started before its tests and stopped after them, with
 * one connection, and the stores made on it closed before that connection is.
 */
export function redisForTests() {
  let server: RunningRedis | undefined;
  let connection: SandboxRedis | undefined;
  const stores: RedisStore[] = [];
  beforeAll(async () => {
    server = await startRedis();
    const connecting = connectRedis(server.url);
    connection = connecting.client;
    await connecting.connected;
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await connection?.close();
    await server?.stop();
  });
  return {
    get server() {
      return server!;
    },
    get client() {
      return connection!;
    },
    /** A store on the shared connection; `emptied` flushes Redis first, for a test of its own. */
    async store(limits: Partial<StoreLimits> = {}, { emptied = true } = {}) {
      if (emptied) await connection!.flushAll();
      const store = new RedisStore(connection!, limits);
      stores.push(store);
      return store;
    },
  };
}
