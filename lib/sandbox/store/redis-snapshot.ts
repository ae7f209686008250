import 'server-only';
import { RESP_TYPES } from 'redis';
import type { SandboxRedis } from './redis-client';
import { guarded } from './redis-errors';

type Saved = { dumps: (Buffer | null)[]; ttlMs: number; at: number };

/** A copy of one sandbox's keys, taken before a task's first write, to put back if the task throws. */
export class Snapshot {
  private saved: Promise<Saved> | undefined;

  constructor(
    private readonly client: SandboxRedis,
    private readonly sandboxId: string,
    private readonly keys: string[],
  ) {}

  private binary() {
    return this.client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
  }

  /** Copies the keys (DUMP), once, when the task is about to write to its own sandbox. */
  async take(sandboxId: string): Promise<void> {
    if (sandboxId !== this.sandboxId) return;
    // One pipeline under the task's lease: no other task writes these keys meanwhile.
    this.saved ??= guarded(async () => {
      const binary = this.binary();
      const [ttlMs, ...dumps] = await Promise.all([
        binary.pTTL(this.keys[0]!),
        ...this.keys.map((key) => binary.dump(key)),
      ]);
      return { dumps: dumps as (Buffer | null)[], ttlMs: Number(ttlMs), at: Date.now() };
    });
    await this.saved;
  }

  /** Puts every key back as it was copied (RESTORE), with the time it had left; no write, no work. */
  async restore(): Promise<void> {
    if (!this.saved) return;
    const { dumps, ttlMs, at } = await this.saved;
    const left = Math.max(1, ttlMs - (Date.now() - at));
    const multi = this.binary().multi();
    this.keys.forEach((key, index) => {
      multi.del(key);
      const dump = dumps[index];
      if (dump) multi.restore(key, left, dump);
    });
    await guarded(() => multi.exec());
  }
}
