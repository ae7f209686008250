import { MAX_RATE_LIMIT_CLIENTS, RATE_LIMIT_WINDOW_MS } from './limits';

export type RateDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
};

/** A fixed-window request counter per client, bounded in how many clients it remembers. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = RATE_LIMIT_WINDOW_MS,
  ) {}

  /** Counts one request of a client and says whether it is within the limit. */
  take(client: string, now: number): RateDecision {
    let window = this.windows.get(client);
    if (!window || now - window.start >= this.windowMs) {
      this.windows.delete(client);
      while (this.windows.size >= MAX_RATE_LIMIT_CLIENTS) {
        const oldest = this.windows.keys().next().value;
        if (oldest === undefined) break;
        this.windows.delete(oldest);
      }
      window = { start: now, count: 0 };
      this.windows.set(client, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)),
    };
  }
}

/** The rate-limit headers the document declares (such as `RateLimit-Remaining`), filled in. */
export function rateLimitHeaders(
  decision: RateDecision,
  declared: Set<string>,
): Record<string, string> {
  const values = {
    limit: decision.limit,
    remaining: decision.remaining,
    reset: decision.resetSeconds,
  };
  const headers: Record<string, string> = {};
  for (const name of declared) {
    const suffix = Object.keys(values).find((candidate) => name.endsWith(candidate));
    if (name.includes('ratelimit') && suffix) {
      headers[name] = String(values[suffix as keyof typeof values]);
    }
  }
  return headers;
}
