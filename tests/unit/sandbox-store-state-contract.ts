// The sandbox store contract's state: objects removed and listed, idempotency keys held and
// records kept, due steps taken once, and watchers woken by deliveries.
import { expect, it } from 'vitest';
import {
  customer,
  delivery,
  record,
  replay,
  step,
  type StoreFactory,
} from './sandbox-store-fixtures';

/** What every sandbox store keeps and hands back, as tests of the caller's describe block. */
export function storeStateContract(newStore: StoreFactory) {
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
}
