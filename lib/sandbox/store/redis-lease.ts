import 'server-only';
import { randomUUID } from 'node:crypto';
import { LUA_ROLL_BACK } from './redis-journal';
import { sandboxKeys } from './redis-keys';
import { RELEASE, RENEW } from './redis-scripts';
import { StoreUnavailableError } from './types';

/** How long a lease holds without renewal: an instance that dies frees its sandboxes this fast. */
export const LEASE_MS = 5000;
/** Longest a task waits for another instance's lease before the request is refused. */
const LEASE_WAIT_MS = 10_000;
/** Longest pause between two attempts to take a lease held elsewhere. */
const MAX_RETRY_MS = 50;

/**
 * KEYS: lock, depth-0 marker, data × 8, copies × 8. ARGV: token, milliseconds. Takes the lease
 * (1), or nothing while another holds it (0); a marker left by a holder that died mid-section
 * is rolled back first, so the new holder reads what was last committed.
 */
const TAKE = `${LUA_ROLL_BACK}
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 0 end
if redis.call('EXISTS', KEYS[2]) == 1 then
  rollBack({ unpack(KEYS, 3, 10) }, { unpack(KEYS, 11, 18) })
  redis.call('DEL', KEYS[2])
end
return 1`;

type RunScript = (script: string, keys: string[], args: (string | number)[]) => Promise<unknown>;

/**
 * Runs tasks one at a time per sandbox across instances: in this process a queue, across
 * processes a Redis lease (SET NX PX) renewed while the task runs and released only by its
 * holder. The task gets the lease's token, which every write it makes is checked against.
 */
export class Leases {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly runScript: RunScript) {}

  hold<T>(sandboxId: string, task: (token: string) => Promise<T>): Promise<T> {
    const leased = () => this.leased(sandboxId, task);
    const run = (this.queues.get(sandboxId) ?? Promise.resolve()).then(leased, leased);
    const tail = run.catch(() => undefined);
    this.queues.set(sandboxId, tail);
    void tail.then(() => this.queues.get(sandboxId) === tail && this.queues.delete(sandboxId));
    return run;
  }

  private async leased<T>(sandboxId: string, task: (token: string) => Promise<T>): Promise<T> {
    const token = randomUUID();
    const { lock } = sandboxKeys(sandboxId);
    await this.take(sandboxId, token);
    // A renewal that finds the lease gone changes nothing: the task's next write is refused.
    const renewal = setInterval(
      () => void this.runScript(RENEW, [lock], [token, LEASE_MS]).catch(() => undefined),
      LEASE_MS / 3,
    );
    try {
      return await task(token);
    } finally {
      clearInterval(renewal);
      // When Redis is gone the lease lapses by itself.
      await this.runScript(RELEASE, [lock], [token]).catch(() => undefined);
    }
  }

  private async take(sandboxId: string, token: string) {
    const { lock, data, journal } = sandboxKeys(sandboxId);
    const { marker, copies } = journal(0);
    const keys = [lock, marker, ...data, ...copies];
    const deadline = Date.now() + LEASE_WAIT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, MAX_RETRY_MS)) {
      if ((await this.runScript(TAKE, keys, [token, LEASE_MS])) === 1) return;
      if (Date.now() > deadline) {
        throw new StoreUnavailableError(
          `Another instance held the sandbox for ${LEASE_WAIT_MS} ms.`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
