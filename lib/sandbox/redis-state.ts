import 'server-only';
import type { Config } from '@/lib/config/env';
import { RedisRateLimiter } from './redis-rate-limit';
import { sharedSigningKey } from './redis-signing-key';
import { MINUTE_MS, SECOND_MS, type SharedState } from './sandbox';
import { connectRedis } from './store/redis-client';
import { sandboxesPerClient } from './store/limits';
import { RedisStore } from './store/redis';

/** Everything the instances of the site share through the Redis at `url`: store, limits, key. */
export function redisState(url: string, limits: Config['sandbox']['limits']): SharedState {
  const { client, connected } = connectRedis(url);
  return {
    connected,
    store: new RedisStore(client, {
      maxSandboxesPerClient: sandboxesPerClient(limits.tokensPerMinute),
    }),
    limiters: {
      requests: new RedisRateLimiter(client, 'requests', limits.requestsPerSecond, SECOND_MS),
      tokens: new RedisRateLimiter(client, 'tokens', limits.tokensPerMinute, MINUTE_MS),
    },
    signingKey: sharedSigningKey(client),
  };
}
