import { describe, expect, it } from 'vitest';
import { RateLimiter } from '@/lib/sandbox/rate-limit';
import { MemoryStore } from '@/lib/sandbox/store/memory';
import { limiterContract, storeContract } from './sandbox-store-contract';

storeContract('the memory store', async (limits) => new MemoryStore(limits));
limiterContract(
  'the memory rate limiter',
  async (limit, windowMs) => new RateLimiter(limit, windowMs),
);

describe('the memory store', () => {
  it('counts the bytes it holds within the cap, and forgets idle sandboxes', async () => {
    const store = new MemoryStore({ maxBytes: 600, idleMs: 1000 });
    await store.open({ id: 's', expiresAt: 10_000, signingSecret: 'whsec_x', roles: [] }, 0);
    const deliver = (id: string) =>
      store.deliver('s', {
        id,
        event_id: id,
        type: 't',
        delivered_at: '',
        headers: {},
        body: 'x'.repeat(100),
      });
    for (const id of ['d1', 'd2', 'd3']) await deliver(id);
    await expect(deliver('d4')).rejects.toThrow('maximum of 600 bytes');
    expect(store.stats().bytes).toBeLessThanOrEqual(600);
    await store.sandbox('s', 2000);
    expect(store.stats().sandboxes).toBe(0);
  });
});
