import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '@/lib/sandbox/request-log';
import type { StoreFactory } from './sandbox-store-contract';

const record = (id: string) => ({ id, expiresAt: 10_000_000, signingSecret: 'whsec_x', roles: [] });

/** A logged request whose entry is about `bytes` long. */
export const loggedRequest = (id: string, bytes = 300): RequestLogEntry => ({
  id,
  object: 'sandbox_request',
  method: 'POST',
  path: '/v1/charges',
  operation_id: 'createCharge',
  path_params: {},
  status: 201,
  started_at: '2026-01-01T00:00:00.000Z',
  duration_ms: 3,
  request: { headers: {}, body: 'x'.repeat(Math.max(0, bytes - 300)), body_truncated: false },
  response: { headers: {}, body: '{}', body_truncated: false },
});

const ids = (list: { id: string }[]) => list.map(({ id }) => id);

/** What every store does with a sandbox's request log: run against each store. */
export function requestLogContract(name: string, newStore: StoreFactory) {
  describe(`${name}, as every request log`, () => {
    it('keeps the newest requests first, up to the count cap', async () => {
      const store = await newStore({ maxLoggedRequests: 3 });
      await store.open(record('s'), 0);
      for (const id of ['r1', 'r2', 'r3', 'r4', 'r5'])
        await store.logRequest('s', loggedRequest(id));
      expect(ids(await store.loggedRequests('s'))).toEqual(['r5', 'r4', 'r3']);
      expect(await store.loggedRequests('s')).toContainEqual(loggedRequest('r4'));
    });

    it('drops the oldest requests beyond the byte cap, keeping the newest', async () => {
      const store = await newStore({ maxRequestLogBytes: 2500 });
      await store.open(record('s'), 0);
      for (const id of ['r1', 'r2', 'r3', 'r4'])
        await store.logRequest('s', loggedRequest(id, 1000));
      expect(ids(await store.loggedRequests('s'))).toEqual(['r4', 'r3']);
      await store.logRequest('s', loggedRequest('big', 5000));
      expect(ids(await store.loggedRequests('s'))).toEqual(['big']);
    });

    it('keeps each sandbox’s log apart, logs nothing for an unknown one, and outlives a refusal', async () => {
      const store = await newStore();
      await store.open(record('a'), 0);
      await store.open(record('b'), 0);
      await store.logRequest('a', loggedRequest('ra'));
      await store.logRequest('gone', loggedRequest('rx'));
      await expect(
        store.atomically('a', async () => {
          await store.logRequest('a', loggedRequest('inside'));
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(ids(await store.loggedRequests('a'))).toEqual(['inside', 'ra']);
      expect(await store.loggedRequests('b')).toEqual([]);
      expect(await store.loggedRequests('gone')).toEqual([]);
    });
  });
}
