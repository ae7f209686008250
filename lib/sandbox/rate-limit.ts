import { MAX_RATE_LIMIT_CLIENTS } from './limits';

export type RateDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
};

/** Counts each client's requests against a limit: in this process, or shared by every instance. */
export interface ClientRateLimiter {
  /** Counts one request of a client and says whether it is within the limit. */
  take(client: string, now: number): RateDecision | Promise<RateDecision>;
}

/** The decision for a client's `count`th request in a window of `limit` that ends at `windowEnd`. */
export function decisionOf(limit: number, count: number, windowEnd: number, now: number) {
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
  };
}

/** A fixed-window request counter per client in this process, bounded in how many it remembers. */
export class RateLimiter implements ClientRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
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
    return decisionOf(this.limit, window.count, window.start + this.windowMs, now);
  }
}

/** How many requests each client has in progress, refusing one beyond the limit. */
export class ConcurrencyLimiter {
  private readonly running = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Starts a request of a client, or answers false when it already has the limit in progress. */
  enter(client: string): boolean {
    const count = this.running.get(client) ?? 0;
    if (count >= this.limit) return false;
    this.running.set(client, count + 1);
    return true;
  }

  /** Ends a request that `enter` started. */
  leave(client: string): void {
    const count = (this.running.get(client) ?? 1) - 1;
    if (count > 0) this.running.set(client, count);
    else this.running.delete(client);
  }
}

/** The documented `RateLimit-*` headers of a decision, as every response carries them. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  };
}
