// The rate limiter contract: what every rate limiter does, in one process or shared (Redis).
import { describe, expect, it } from 'vitest';
import type { ClientRateLimiter } from '@/lib/sandbox/rate-limit';

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
