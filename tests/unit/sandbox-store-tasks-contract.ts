// The sandbox store contract's tasks: the tasks of one sandbox run one after another, nested
// ones without waiting, and atomic ones undo every change of their own when they throw.
import { expect, it } from 'vitest';
import {
  customer,
  delivery,
  ids,
  record,
  replay,
  step,
  type StoreFactory,
} from './sandbox-store-fixtures';

/** How every sandbox store runs a sandbox's tasks, as tests of the caller's describe block. */
export function storeTasksContract(newStore: StoreFactory) {
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
}
