// The sandbox store contract's limits: the objects, bytes and deliveries a sandbox may hold, the
// sandboxes a store holds and drops when full or idle, and no writes to one it does not hold.
import { expect, it } from 'vitest';
import { SandboxFullError } from '@/lib/sandbox/store/types';
import {
  customer,
  delivery,
  ids,
  record,
  replay,
  type StoreFactory,
} from './sandbox-store-fixtures';

/** The limits every sandbox store keeps to, as tests of the caller's describe block. */
export function storeLimitsContract(newStore: StoreFactory) {
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
}
