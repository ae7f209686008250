import { describe, expect, it } from 'vitest';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { createSandbox } from '@/lib/sandbox/sandbox';
import { MemoryStore } from '@/lib/sandbox/store/memory';
import { clientSandboxesKey } from '@/lib/sandbox/store/redis-keys';
import {
  SandboxesInUseError,
  type SandboxStore,
  type StoreLimits,
} from '@/lib/sandbox/store/types';
import { sandboxConfig, testClock } from '../../support/sandbox-server';
import { redisForTests } from '../../support/test-redis';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const redis = redisForTests();

/** The record of a token a client requested at `now`. */
const record = (id: string, owner: string, now: number) => ({
  id,
  expiresAt: now + HOUR,
  signingSecret: 'whsec_x',
  roles: [],
  client: owner,
});

type StoreFactory = (limits: Partial<StoreLimits>) => Promise<SandboxStore>;

/** How every store shares its sandboxes between clients. */
function sharingContract(name: string, newStore: StoreFactory) {
  describe(`${name}, sharing sandboxes between clients`, () => {
    it('never closes a sandbox its client keeps using, however many clients ask for more', async () => {
      const store = await newStore({
        maxSandboxes: 6,
        maxSandboxesPerClient: 2,
        evictableAfterMs: 10 * MINUTE,
      });
      await store.open(record('victim', '198.51.100.1', 0), 0);
      let [opened, refused] = [0, 0];
      // Each minute the victim makes a call, then four new clients ask for two sandboxes each.
      for (let minute = 1; minute <= 30; minute += 1) {
        const now = minute * MINUTE;
        expect(await store.sandbox('victim', now)).toBeDefined();
        for (let other = 0; other < 4; other += 1) {
          const owner = `203.0.113.${minute * 4 + other}`;
          for (const n of [1, 2]) {
            const at = now + other * 2 + n;
            try {
              await store.open(record(`${owner}/${n}`, owner, at), at);
              opened += 1;
            } catch (caught) {
              expect(caught).toBeInstanceOf(SandboxesInUseError);
              const { retryAfterMs } = caught as SandboxesInUseError;
              expect(retryAfterMs).toBeGreaterThan(0);
              expect(retryAfterMs).toBeLessThanOrEqual(10 * MINUTE);
              refused += 1;
            }
          }
        }
      }
      expect(await store.sandbox('victim', 31 * MINUTE)).toBeDefined();
      // Sandboxes unused for ten minutes made room; the rest of the time, new ones waited.
      expect(opened).toBeGreaterThan(5);
      expect(refused).toBeGreaterThan(opened);
    });

    it('closes the least recently used sandbox of a client beyond its cap, and no other client’s', async () => {
      const store = await newStore({ maxSandboxes: 10, maxSandboxesPerClient: 3 });
      await store.open(record('a1', 'A', 0), 0);
      await store.open(record('b1', 'B', 1), 1);
      await store.open(record('a2', 'A', 2), 2);
      await store.open(record('a3', 'A', 3), 3);
      await store.sandbox('a1', 4);
      await store.open(record('a4', 'A', 5), 5);
      expect(await store.sandbox('a2', 6)).toBeUndefined();
      for (const id of ['a1', 'a3', 'a4', 'b1']) {
        expect(await store.sandbox(id, 6), id).toBeDefined();
      }
    });

    it('at the cap of all, refuses until the least recently used has gone unused long enough', async () => {
      const store = await newStore({ maxSandboxes: 2, evictableAfterMs: MINUTE });
      await store.open(record('x', 'X', 0), 0);
      await store.open(record('y', 'Y', 1000), 1000);
      const refusal = await store.open(record('z', 'Z', 20_000), 20_000).catch((caught) => caught);
      expect(refusal).toBeInstanceOf(SandboxesInUseError);
      expect((refusal as SandboxesInUseError).retryAfterMs).toBe(40_000);
      // Nothing was closed for the refused sandbox; both are used again now.
      expect(await store.sandbox('x', 20_000)).toBeDefined();
      expect(await store.sandbox('y', 20_001)).toBeDefined();
      await store.open(record('z', 'Z', 80_000), 80_000);
      expect(await store.sandbox('x', 80_001)).toBeUndefined();
      expect(await store.sandbox('y', 80_001)).toBeDefined();
      expect(await store.sandbox('z', 80_001)).toBeDefined();
    });
  });
}

sharingContract('the memory store', async (limits) => new MemoryStore(limits));
sharingContract('the Redis store', (limits) => redis.store(limits));

describe('the Redis store', () => {
  it('keeps the sandboxes of each client in a set that expires with them', async () => {
    const idleMs = 30 * MINUTE;
    const store = await redis.store({ idleMs });
    const now = Date.now();
    await store.open(record('s', '203.0.113.9', now), now);
    const key = clientSandboxesKey('203.0.113.9');
    expect(await redis.client.zRange(key, 0, -1)).toEqual(['s']);
    const ttl = await redis.client.pTTL(key);
    expect(ttl).toBeGreaterThan(HOUR);
    expect(ttl).toBeLessThanOrEqual(HOUR + idleMs);
  });
});

describe('token requests while every sandbox is in use', () => {
  it('answer 503 with Retry-After, closing nobody’s sandbox, and a client’s next one closes its own', async () => {
    const clock = testClock();
    const sandbox = createSandbox({
      config: sandboxConfig(),
      store: new MemoryStore({ maxSandboxes: 2, maxSandboxesPerClient: 1 }),
      clock: clock.now,
    });
    const send = (address: string, path: string, token?: string) =>
      sandbox.handle(
        new Request(`http://127.0.0.1/sandbox${path}`, {
          method: token ? 'GET' : 'POST',
          headers: {
            'x-forwarded-for': address,
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: token
            ? undefined
            : JSON.stringify({
                public_key: SANDBOX_KEY_PAIR.publicKey,
                private_key: SANDBOX_KEY_PAIR.privateKey,
              }),
        }),
      );
    const tokenOf = async (address: string) => {
      const answer = await send(address, '/v1/auth/token');
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { access_token: string }).access_token;
    };
    const [first, other] = [await tokenOf('203.0.113.1'), await tokenOf('203.0.113.2')];
    clock.advance(MINUTE);
    const refused = await send('203.0.113.3', '/v1/auth/token');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('540');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'service_unavailable',
    );
    expect((await send('203.0.113.1', '/v1/charges', first)).status).toBe(200);
    expect((await send('203.0.113.2', '/v1/charges', other)).status).toBe(200);
    await tokenOf('203.0.113.1');
    const closed = await send('203.0.113.1', '/v1/charges', first);
    expect(closed.status).toBe(401);
    expect(((await closed.json()) as { error: { code: string } }).error.code).toBe('token_invalid');
    expect((await send('203.0.113.2', '/v1/charges', other)).status).toBe(200);
  });
});
