import 'server-only';
import { decisionOf, type ClientRateLimiter } from './rate-limit';
import type { SandboxRedis } from './store/redis-client';
import { guarded } from './store/redis-errors';
import { rateKey } from './store/redis-keys';

/**
 * A fixed-window counter per client shared by every instance: one INCR per request on the
 * window's key, which expires with the window, so Redis holds only the current windows.
 */
export class RedisRateLimiter implements ClientRateLimiter {
  constructor(
    private readonly client: SandboxRedis,
    /** Tells this limit's counters from another's, such as `requests` or `tokens`. */
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async take(client: string, now: number) {
    const window = Math.floor(now / this.windowMs);
    const key = rateKey(this.name, client, window);
    const [count] = await guarded(this.client, () =>
      this.client.multi().incr(key).pExpire(key, this.windowMs, 'NX').exec(),
    );
    return decisionOf(this.limit, Number(count), (window + 1) * this.windowMs, now);
  }
}
