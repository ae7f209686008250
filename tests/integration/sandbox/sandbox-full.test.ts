// A sandbox at its limit says so with the documented sandbox_full, and keeps what the reader
// relies on: replays of earlier keys, the inbox's deliveries and the events, on either store.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '@/lib/sandbox/store/memory';
import type { SandboxStore, StoreLimits } from '@/lib/sandbox/store/types';
import { CHARGE } from '../../support/sandbox-session';
import { startSandboxServer } from '../../support/sandbox-server';
import { redisForTests } from '../../support/test-redis';

/** Room for a few dozen charges with their events, replays and deliveries. */
const MAX_BYTES = 96 * 1024;

const redis = redisForTests();
let server: Awaited<ReturnType<typeof startSandboxServer>> | undefined;
afterEach(() => server?.close());

const stores: [string, (limits: Partial<StoreLimits>) => Promise<SandboxStore>][] = [
  ['the memory store', async (limits) => new MemoryStore(limits)],
  ['the Redis store', (limits) => redis.store(limits)],
];

describe.each(stores)('a full sandbox, on %s', (_name, newStore) => {
  it('refuses new writes with sandbox_full and drops nothing a reader can still see', async () => {
    server = await startSandboxServer({ store: await newStore({ maxBytes: MAX_BYTES }) });
    const token = await server.token();
    const call = server.call;
    const charge = (key: string) =>
      call('POST', '/v1/charges', { token, body: CHARGE, headers: { 'Idempotency-Key': key } });
    const firstKey = randomUUID();
    const first = await charge(firstKey);
    expect(first.status).toBe(201);
    let full: Awaited<ReturnType<typeof charge>> | undefined;
    for (let made = 1; made < 200 && !full; made += 1) {
      const answer = await charge(randomUUID());
      if (answer.status !== 201) full = answer;
    }
    expect(full, 'the sandbox never filled up').toBeDefined();
    expect(full!.status).toBe(409);
    expect(full!.body.error).toMatchObject({ type: 'conflict_error', code: 'sandbox_full' });
    expect(full!.body.error.message).toContain('Request a new access token');
    const inbox = (await call('GET', '/inbox', { token })).body.data.length;
    const events = (await call('GET', '/v1/events?limit=100', { token })).body.data.length;
    expect(inbox).toBeGreaterThan(0);
    // More refusals change nothing that was kept.
    for (let tries = 0; tries < 5; tries += 1) {
      expect((await charge(randomUUID())).status).toBe(409);
    }
    const replay = await charge(firstKey);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    expect((await call('GET', '/inbox', { token })).body.data).toHaveLength(inbox);
    expect((await call('GET', '/v1/events?limit=100', { token })).body.data).toHaveLength(events);
    expect((await call('GET', `/v1/charges/${first.body.id}`, { token })).status).toBe(200);
    // A new token opens an empty sandbox that takes writes again.
    const fresh = await server.token();
    const created = await call('POST', '/v1/charges', {
      token: fresh,
      body: CHARGE,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(created.status).toBe(201);
  }, 60_000);
});
