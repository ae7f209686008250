import 'server-only';
import { randomUUID } from 'node:crypto';
import { guarded } from './redis-errors';
import type { SandboxRedis } from './redis-client';
import { RELEASE, RENEW } from './redis-scripts';
import { StoreUnavailableError } from './types';

/** How long a lease holds without renewal: an instance that dies frees its sandboxes this fast. */
const LEASE_MS = 5000;
/** Longest a task waits for another instance's lease before the request is refused. */
const LEASE_WAIT_MS = 10_000;
/** Longest pause between two attempts to take a lease held elsewhere. */
const MAX_RETRY_MS = 50;

type RunScript = (script: string, keys: string[], args: (string | number)[]) => Promise<unknown>;

/**
 * Runs tasks one at a time per key across instances: in this process a queue, across processes
 * a Redis lease (SET NX PX) renewed while the task runs and released only by its holder.
 */
export class Leases {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly client: SandboxRedis,
    private readonly runScript: RunScript,
  ) {}

  hold<T>(key: string, task: () => Promise<T>): Promise<T> {
    const leased = () => this.leased(key, task);
    const run = (this.queues.get(key) ?? Promise.resolve()).then(leased, leased);
    const tail = run.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => this.queues.get(key) === tail && this.queues.delete(key));
    return run;
  }

  private async leased<T>(key: string, task: () => Promise<T>): Promise<T> {
    const token = randomUUID();
    await this.take(key, token);
    const renewal = setInterval(
      () => void this.runScript(RENEW, [key], [token, LEASE_MS]).catch(() => undefined),
      LEASE_MS / 3,
    );
    try {
      return await task();
    } finally {
      clearInterval(renewal);
      // When Redis is gone the lease lapses by itself.
      await this.runScript(RELEASE, [key], [token]).catch(() => undefined);
    }
  }

  private async take(key: string, token: string) {
    const deadline = Date.now() + LEASE_WAIT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, MAX_RETRY_MS)) {
      const taken = await guarded(() =>
        this.client.set(key, token, {
          condition: 'NX',
          expiration: { type: 'PX', value: LEASE_MS },
        }),
      );
      if (taken) return;
      if (Date.now() > deadline) {
        throw new StoreUnavailableError(
          `Another instance held the sandbox for ${LEASE_WAIT_MS} ms.`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
