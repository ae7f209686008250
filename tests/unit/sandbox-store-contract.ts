import { describe, expect, it } from 'vitest';
import type { ClientRateLimiter } from '@/lib/sandbox/rate-limit';
import { SandboxFullError, type SandboxStore, type StoreLimits } from '@/lib/sandbox/store/types';

/** A fresh, empty store with the given limits (the documented ones for the rest). */
export type StoreFactory = (limits?: Partial<StoreLimits>) => Promise<SandboxStore>;

const record = (id: string, expiresAt = 10_000_000) => ({
  id,
  expiresAt,
  signingSecret: 'whsec_x',
  roles: [],
});
const customer = (id: string, name = 'A') => ({ id, object: 'customer', name });
const delivery = (id: string) => ({
  id,
  event_id: id,
  type: 'charge.succeeded',
  delivered_at: '',
  headers: {},
  body: 'x'.repeat(100),
});
const step = (dueAt: number) => ({
  dueAt,
  kind: 'refund',
  key: `re_${dueAt}`,
  from: 'pending',
  changes: {},
  events: [],
  request: { id: `req_${dueAt}`, idempotency_key: null },
});
const replay = (key: string) => ({
  key,
  fingerprint: 'f',
  status: 200,
  body: { ok: true },
  version: '2026-03-01',
  storedAt: 0,
});
const ids = (list: { id: string }[]) => list.map(({ id }) => id);

/** What every sandbox store does, whichever holds the state: run against each store. */
export function storeContract(name: string, newStore: StoreFactory) {
  describe(`${name}, as every sandbox store`, () => {
    it('caps the objects of a sandbox, counting replacements once', async () => {
      const store = await newStore({ maxObjects: 2 });
      await store.open(record('s'), 0);
      await store.put('s', 'customer', 'a', customer('a'));
      await store.put('s', 'customer', 'b', customer('b'));
      await store.put('s', 'customer', 'b', customer('b', 'B'));
      await expect(store.put('s', 'customer', 'c', customer('c'))).rejects.toBeInstanceOf(
        SandboxFullError,
      );
      expect((await store.get('s', 'customer', 'b'))?.name).toBe('B');
    });

    it('refuses what would pass its bytes, dropping nothing it keeps to make room', async () => {
      const store = await newStore({ maxBytes: 600 });
      await store.open(record('s'), 0);
      for (const id of ['d1', 'd2']) await store.deliver('s', delivery(id));
      await store.saveIdempotency('s', replay('k'));
      await expect(store.deliver('s', delivery('d3'))).rejects.toThrow('maximum of 600 bytes');
      await expect(
        store.put('s', 'customer', 'big', customer('big', 'x'.repeat(300))),
      ).rejects.toBeInstanceOf(SandboxFullError);
      const bigReplay = { ...replay('k2'), body: { text: 'x'.repeat(200) } };
      await expect(store.saveIdempotency('s', bigReplay)).rejects.toBeInstanceOf(SandboxFullError);
      expect(ids(await store.deliveries('s'))).toEqual(['d2', 'd1']);
      expect(await store.idempotency('s', 'k')).toEqual(replay('k'));
      // The refusals counted nothing: what fits still fits.
      await store.put('s', 'customer', 'a', customer('a'));
    });

    it('keeps a bounded inbox, newest first, and tells what came after a delivery', async () => {
      const store = await newStore({ maxDeliveries: 2 });
      await store.open(record('s'), 0);
      for (const id of ['d1', 'd2', 'd3']) await store.deliver('s', delivery(id));
      expect(ids(await store.deliveries('s'))).toEqual(['d3', 'd2']);
      expect(ids(await store.deliveriesAfter('s', 'd2'))).toEqual(['d3']);
      expect(ids(await store.deliveriesAfter('s', 'd3'))).toEqual([]);
      expect(ids(await store.deliveriesAfter('s', 'd1'))).toEqual(['d2', 'd3']);
      expect(ids(await store.deliveriesAfter('s', undefined))).toEqual(['d2', 'd3']);
    });

    it('keeps the reported result of a delivery it holds, and drops it with the delivery', async () => {
      const store = await newStore({ maxDeliveries: 2 });
      await store.open(record('s'), 0);
      for (const id of ['d1', 'd2']) await store.deliver('s', delivery(id));
      const answered = { status: 204, duration_ms: 12, reported_at: '2026-01-01T00:00:00Z' };
      const unreached = { error: 'Cannot reach it.', duration_ms: 3, reported_at: '' };
      expect(await store.saveDeliveryResult('s', 'd1', answered)).toBe(true);
      expect(await store.saveDeliveryResult('s', 'd2', unreached)).toBe(true);
      expect(await store.saveDeliveryResult('s', 'd9', answered)).toBe(false);
      expect(await store.deliveryResults('s')).toEqual({ d1: answered, d2: unreached });
      await store.deliver('s', delivery('d3'));
      expect(await store.deliveryResults('s')).toEqual({ d2: unreached });
    });

    it('drops the least recently used sandbox when full, and idle ones after the idle time', async () => {
      const store = await newStore({ maxSandboxes: 2, idleMs: 1000, evictableAfterMs: 10 });
      await store.open(record('a'), 0);
      await store.open(record('b'), 10);
      await store.sandbox('a', 20);
      await store.open(record('c'), 30);
      expect(await store.sandbox('b', 40)).toBeUndefined();
      expect(await store.sandbox('a', 40)).toEqual(record('a'));
      expect(await store.sandbox('c', 2000)).toBeUndefined();
    });

    it('keeps an expired sandbox until it is idle, without marking it used', async () => {
      const store = await newStore({ idleMs: 1000 });
      await store.open(record('s', 500), 0);
      expect(await store.sandbox('s', 900)).toEqual(record('s', 500));
      expect(await store.sandbox('s', 1100)).toBeUndefined();
    });

    it('refuses writes to a sandbox it does not hold', async () => {
      const store = await newStore();
      await expect(store.put('gone', 'customer', 'a', customer('a'))).rejects.toBeInstanceOf(
        SandboxFullError,
      );
    });

    it('hides removed objects, and hands out copies that callers cannot change in place', async () => {
      const store = await newStore();
      await store.open(record('s'), 0);
      await store.put('s', 'customer', 'a', customer('a'));
      const copy = await store.get('s', 'customer', 'a');
      copy!.name = 'changed';
      expect((await store.get('s', 'customer', 'a'))?.name).toBe('A');
      await store.remove('s', 'customer', 'a');
      expect(await store.get('s', 'customer', 'a')).toBeUndefined();
      expect(await store.isRemoved('s', 'customer', 'a')).toBe(true);
      await store.put('s', 'customer', 'a', customer('a'));
      expect(await store.isRemoved('s', 'customer', 'a')).toBe(false);
    });

    it('lists the objects of a kind in the order first stored', async () => {
      const store = await newStore();
      await store.open(record('s'), 0);
      for (const id of ['c', 'a', 'b']) await store.put('s', 'customer', id, customer(id));
      await store.put('s', 'charge', 'x', { id: 'x', object: 'charge' });
      await store.put('s', 'customer', 'c', customer('c', 'C'));
      const listed = await store.list('s', 'customer');
      expect(listed.map((object) => object.id)).toEqual(['c', 'a', 'b']);
      expect(await store.list('s', 'refund')).toEqual([]);
    });

    it('runs the tasks of one sandbox one after another', async () => {
      const store = await newStore();
      await store.open(record('s'), 0);
      const order: string[] = [];
      const slow = store.exclusive('s', async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push('slow');
      });
      const fast = store.exclusive('s', async () => void order.push('fast'));
      await Promise.all([slow, fast]);
      expect(order).toEqual(['slow', 'fast']);
    });

    it('goes on after a task that threw', async () => {
      const store = await newStore();
      await store.open(record('s'), 0);
      await expect(store.exclusive('s', () => Promise.reject(new Error('no')))).rejects.toThrow();
      expect(await store.exclusive('s', async () => 'next')).toBe('next');
    });

    it('undoes every change of an atomic task that throws, and keeps those of one that succeeds', async () => {
      const store = await newStore();
      await store.open(record('s'), 0);
      await store.put('s', 'customer', 'kept', customer('kept'));
      await store.deliver('s', delivery('d0'));
      await expect(
        store.atomically('s', async () => {
          await store.put('s', 'customer', 'kept', customer('kept', 'changed'));
          await store.put('s', 'customer', 'new', customer('new'));
          await store.remove('s', 'customer', 'kept');
          await store.deliver('s', delivery('d1'));
          await store.schedule('s', step(100));
          await store.saveIdempotency('s', replay('k'));
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect((await store.get('s', 'customer', 'kept'))?.name).toBe('A');
      expect(await store.isRemoved('s', 'customer', 'kept')).toBe(false);
      expect(await store.get('s', 'customer', 'new')).toBeUndefined();
      expect(ids(await store.deliveries('s'))).toEqual(['d0']);
      expect(await store.takeDueSteps('s', 1000)).toEqual([]);
      expect(await store.idempotency('s', 'k')).toBeUndefined();
      await store.atomically('s', async () => {
        await store.put('s', 'customer', 'new', customer('new'));
        await store.saveIdempotency('s', replay('k'));
      });
      expect(await store.get('s', 'customer', 'new')).toEqual(customer('new'));
      expect(await store.idempotency('s', 'k')).toEqual(replay('k'));
    });

    it('lets one request at a time hold an idempotency key', async () => {
      const store = await newStore();
      await store.open(record('s'), 0);
      expect(await store.claimIdempotencyKey('s', 'k')).toBe(true);
      expect(await store.claimIdempotencyKey('s', 'k')).toBe(false);
      expect(await store.claimIdempotencyKey('s', 'other')).toBe(true);
      await store.releaseIdempotencyKey('s', 'k');
      expect(await store.claimIdempotencyKey('s', 'k')).toBe(true);
    });

    it('keeps every idempotency record for the life of the sandbox', async () => {
      const store = await newStore();
      await store.open(record('s'), 0);
      const keys = Array.from({ length: 300 }, (_, index) => `k${index}`);
      for (const key of keys) await store.saveIdempotency('s', replay(key));
      expect(await store.idempotency('s', 'k0')).toEqual(replay('k0'));
      expect(await store.idempotency('s', 'k299')).toEqual(replay('k299'));
    });

    it('runs a task of a sandbox inside another of the same sandbox without waiting for it', async () => {
      const store = await newStore();
      await store.open(record('s'), 0);
      const answer = await store.exclusive('s', () =>
        store.exclusive('s', () => store.atomically('s', async () => 'inner')),
      );
      expect(answer).toBe('inner');
    });

    it('undoes only its own writes when a nested atomic task throws', async () => {
      const store = await newStore();
      await store.open(record('s'), 0);
      await store.schedule('s', step(100));
      await store.schedule('s', step(200));
      await store.atomically('s', async () => {
        const due = await store.takeDueSteps('s', 300);
        expect(due).toHaveLength(2);
        await store.atomically('s', () => store.put('s', 'customer', 'first', customer('first')));
        await expect(
          store.atomically('s', async () => {
            await store.put('s', 'customer', 'second', customer('second'));
            throw new Error('this step failed');
          }),
        ).rejects.toThrow('this step failed');
      });
      expect(await store.get('s', 'customer', 'first')).toEqual(customer('first'));
      expect(await store.get('s', 'customer', 'second')).toBeUndefined();
      expect(await store.takeDueSteps('s', 300)).toEqual([]);
      // An outer task that throws puts back the steps it took and what its inner tasks kept.
      await store.schedule('s', step(400));
      await expect(
        store.atomically('s', async () => {
          await store.takeDueSteps('s', 500);
          await store.atomically('s', () => store.put('s', 'customer', 'third', customer('third')));
          throw new Error('the batch failed');
        }),
      ).rejects.toThrow('the batch failed');
      expect(await store.get('s', 'customer', 'third')).toBeUndefined();
      expect(await store.takeDueSteps('s', 500)).toEqual([step(400)]);
    });

    it('returns due steps once, earliest first', async () => {
      const store = await newStore();
      await store.open(record('s'), 0);
      await store.schedule('s', step(200));
      await store.schedule('s', step(100));
      await store.schedule('s', step(900));
      expect((await store.takeDueSteps('s', 300)).map((s) => s.dueAt)).toEqual([100, 200]);
      expect(await store.takeDueSteps('s', 300)).toEqual([]);
      expect(await store.takeDueSteps('s', 900)).toEqual([step(900)]);
    });

    it('wakes a watcher on each delivery until it stops watching', async () => {
      const store = await newStore();
      await store.open(record('s'), 0);
      let woken = 0;
      const stop = await store.watchDeliveries('s', () => (woken += 1));
      await store.deliver('s', delivery('d1'));
      await expect.poll(() => woken).toBe(1);
      stop();
      await store.deliver('s', delivery('d2'));
      await store.watchDeliveries('s', () => undefined).then((again) => again());
      expect(woken).toBe(1);
    });
  });
}

/** What every rate limiter does, in one process or shared: run against each limiter. */
export function limiterContract(
  name: string,
  newLimiter: (limit: number, windowMs: number) => Promise<ClientRateLimiter>,
) {
  describe(`${name}, as every rate limiter`, () => {
    it('allows a client its limit in a window, tells what is left, and starts again after it', async () => {
      const limiter = await newLimiter(2, 1000);
      const start = 1_000_000;
      const taken = [];
      for (const at of [start, start + 10, start + 20]) taken.push(await limiter.take('a', at));
      expect(taken.map(({ allowed, remaining }) => [allowed, remaining])).toEqual([
        [true, 1],
        [true, 0],
        [false, 0],
      ]);
      expect(taken[2]).toMatchObject({ limit: 2, resetSeconds: 1 });
      expect((await limiter.take('b', start + 30)).allowed).toBe(true);
      expect(await limiter.take('a', start + 1000)).toMatchObject({ allowed: true, remaining: 1 });
    });
  });
}
