import { describe, expect, it } from 'vitest';
import { MemoryStore } from '@/lib/sandbox/store/memory';
import { SandboxFullError } from '@/lib/sandbox/store/types';

const record = (id: string) => ({ id, expiresAt: 10_000_000, signingSecret: 'whsec_x' });
const customer = (id: string, name = 'A') => ({ id, object: 'customer', name });
const delivery = (id: string) => ({
  id,
  event_id: id,
  type: 'charge.succeeded',
  delivered_at: '',
  headers: {},
  body: 'x'.repeat(100),
});

describe('the memory store', () => {
  it('caps the objects of a sandbox, counting replacements once', async () => {
    const store = new MemoryStore({ maxObjects: 2 });
    await store.open(record('s'), 0);
    await store.put('s', 'customer', 'a', customer('a'));
    await store.put('s', 'customer', 'b', customer('b'));
    await store.put('s', 'customer', 'b', customer('b', 'B'));
    await expect(store.put('s', 'customer', 'c', customer('c'))).rejects.toBeInstanceOf(
      SandboxFullError,
    );
    expect((await store.get('s', 'customer', 'b'))?.name).toBe('B');
  });

  it('caps bytes, dropping old deliveries before refusing objects', async () => {
    const store = new MemoryStore({ maxBytes: 600 });
    await store.open(record('s'), 0);
    for (const id of ['d1', 'd2', 'd3', 'd4', 'd5']) await store.deliver('s', delivery(id));
    expect(store.stats().bytes).toBeLessThanOrEqual(600);
    expect((await store.deliveries('s')).map((d) => d.id)[0]).toBe('d5');
    await expect(
      store.put('s', 'customer', 'big', customer('big', 'x'.repeat(700))),
    ).rejects.toBeInstanceOf(SandboxFullError);
  });

  it('keeps a bounded inbox, newest first', async () => {
    const store = new MemoryStore({ maxDeliveries: 2 });
    await store.open(record('s'), 0);
    for (const id of ['d1', 'd2', 'd3']) await store.deliver('s', delivery(id));
    expect((await store.deliveries('s')).map((d) => d.id)).toEqual(['d3', 'd2']);
  });

  it('drops the least recently used sandbox when full, and idle ones after the idle time', async () => {
    const store = new MemoryStore({ maxSandboxes: 2, idleMs: 1000 });
    await store.open(record('a'), 0);
    await store.open(record('b'), 10);
    await store.sandbox('a', 20);
    await store.open(record('c'), 30);
    expect(await store.sandbox('b', 40)).toBeUndefined();
    expect(await store.sandbox('a', 40)).toBeDefined();
    expect(await store.sandbox('c', 2000)).toBeUndefined();
    expect(store.stats().sandboxes).toBe(0);
  });

  it('hides removed objects, and hands out copies that callers cannot change in place', async () => {
    const store = new MemoryStore();
    await store.open(record('s'), 0);
    await store.put('s', 'customer', 'a', customer('a'));
    const copy = await store.get('s', 'customer', 'a');
    copy!.name = 'changed';
    expect((await store.get('s', 'customer', 'a'))?.name).toBe('A');
    await store.remove('s', 'customer', 'a');
    expect(await store.get('s', 'customer', 'a')).toBeUndefined();
    expect(await store.isRemoved('s', 'customer', 'a')).toBe(true);
  });

  it('runs the tasks of one sandbox one after another', async () => {
    const store = new MemoryStore();
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

  it('lets one request at a time hold an idempotency key', async () => {
    const store = new MemoryStore();
    await store.open(record('s'), 0);
    expect(await store.claimIdempotencyKey('s', 'k')).toBe(true);
    expect(await store.claimIdempotencyKey('s', 'k')).toBe(false);
    expect(await store.claimIdempotencyKey('s', 'other')).toBe(true);
    await store.releaseIdempotencyKey('s', 'k');
    expect(await store.claimIdempotencyKey('s', 'k')).toBe(true);
  });

  it('returns due steps once, earliest first', async () => {
    const store = new MemoryStore();
    await store.open(record('s'), 0);
    const step = (dueAt: number) => ({
      dueAt,
      kind: 'refund',
      key: `re_${dueAt}`,
      from: 'pending',
      changes: {},
      events: [],
    });
    await store.schedule('s', step(200));
    await store.schedule('s', step(100));
    await store.schedule('s', step(900));
    expect((await store.takeDueSteps('s', 300)).map((s) => s.dueAt)).toEqual([100, 200]);
    expect(await store.takeDueSteps('s', 300)).toEqual([]);
  });
});
