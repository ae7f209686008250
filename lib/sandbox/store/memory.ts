// The store that keeps sandboxes in this process's memory: used without Redis, by the story's run
// and by tests.
import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SandboxObject } from '../model';
import type { RequestLogEntry } from '../request-log';
import { DEFAULT_STORE_LIMITS } from './limits';
import {
  addDelivery,
  deliveriesAfter,
  deliveriesOf,
  deliveryResultsOf,
  DeliveryWatchers,
  saveDeliveryResult,
} from './memory-inbox';
import { contentsOf, emptyState, makeRoom, read, sized, type SandboxState } from './memory-state';
import {
  SandboxesInUseError,
  SandboxFullError,
  type Delivery,
  type DeliveryResult,
  type IdempotencyRecord,
  type SandboxRecord,
  type SandboxStore,
  type ScheduledStep,
  type StoreLimits,
} from './types';

const slot = (kind: string, key: string) => `${kind}/${key}`;

/** The sandboxes of one server process, in memory, capped in count, objects and bytes. */
export class MemoryStore implements SandboxStore {
  private readonly sandboxes = new Map<string, SandboxState>();
  private readonly watchers = new DeliveryWatchers();
  private readonly limits: StoreLimits;
  /** The sandbox the running task holds, so that a task it runs inside is not queued behind it. */
  private readonly held = new AsyncLocalStorage<string>();

  constructor(limits: Partial<StoreLimits> = {}) {
    this.limits = { ...DEFAULT_STORE_LIMITS, ...limits };
  }

  /** How many sandboxes are held and the bytes they keep, for the load test and tests. */
  stats() {
    let bytes = 0;
    for (const state of this.sandboxes.values()) bytes += state.bytes;
    return { sandboxes: this.sandboxes.size, bytes };
  }

  async open(record: SandboxRecord, now: number) {
    this.dropIdle(now);
    const { maxSandboxes, maxSandboxesPerClient, evictableAfterMs } = this.limits;
    // The map is least recently used first: a client beyond its cap closes its own oldest.
    if (record.client !== undefined) {
      const own = [...this.sandboxes].filter(([, state]) => state.record.client === record.client);
      const over = own.length - maxSandboxesPerClient + 1;
      own.slice(0, Math.max(0, over)).forEach(([id]) => this.sandboxes.delete(id));
    }
    // Beyond the cap of all, only a sandbox unused for a while closes for another client's.
    for (const [id, state] of this.sandboxes) {
      if (this.sandboxes.size < maxSandboxes) break;
      const unusedFor = now - state.lastUsed;
      if (unusedFor < evictableAfterMs) throw new SandboxesInUseError(evictableAfterMs - unusedFor);
      this.sandboxes.delete(id);
    }
    this.sandboxes.set(record.id, emptyState(record, now));
  }

  async sandbox(id: string, now: number) {
    this.dropIdle(now);
    const state = this.sandboxes.get(id);
    if (!state) return undefined;
    if (now < state.record.expiresAt) {
      // Re-inserting keeps the map in least-recently-used order.
      this.sandboxes.delete(id);
      this.sandboxes.set(id, state);
      state.lastUsed = now;
    }
    return state.record;
  }

  exclusive<T>(sandboxId: string, task: () => Promise<T>): Promise<T> {
    const state = this.sandboxes.get(sandboxId);
    if (!state || this.held.getStore() === sandboxId) return task();
    const held = () => this.held.run(sandboxId, task);
    const run = state.queue.then(held, held);
    state.queue = run.catch(() => undefined);
    return run;
  }

  /** A throw puts back the copy taken before `task`, so a nested section undoes only its own writes. */
  atomically<T>(sandboxId: string, task: () => Promise<T>): Promise<T> {
    return this.exclusive(sandboxId, async () => {
      const state = this.sandboxes.get(sandboxId);
      const before = state && contentsOf(state);
      try {
        return await task();
      } catch (caught) {
        if (state && before) Object.assign(state, before);
        throw caught;
      }
    });
  }

  async get(sandboxId: string, kind: string, key: string) {
    const stored = this.sandboxes.get(sandboxId)?.objects.get(slot(kind, key));
    return stored ? read(stored) : undefined;
  }

  async put(sandboxId: string, kind: string, key: string, object: SandboxObject) {
    const state = this.state(sandboxId);
    const id = slot(kind, key);
    const previous = state.objects.get(id);
    const stored = sized(object);
    if (!previous && state.objects.size >= this.limits.maxObjects) {
      throw new SandboxFullError(
        `This sandbox holds its maximum of ${this.limits.maxObjects} objects.`,
      );
    }
    makeRoom(state, stored.bytes - (previous?.bytes ?? 0), this.limits);
    state.objects.set(id, stored);
    state.removed.delete(id);
  }

  async list(sandboxId: string, kind: string) {
    const prefix = `${kind}/`;
    const objects: SandboxObject[] = [];
    for (const [id, stored] of this.sandboxes.get(sandboxId)?.objects ?? []) {
      if (id.startsWith(prefix)) objects.push(read(stored));
    }
    return objects;
  }

  async remove(sandboxId: string, kind: string, key: string) {
    const state = this.state(sandboxId);
    const id = slot(kind, key);
    state.bytes -= state.objects.get(id)?.bytes ?? 0;
    state.objects.delete(id);
    state.removed.add(id);
  }

  async isRemoved(sandboxId: string, kind: string, key: string) {
    return this.sandboxes.get(sandboxId)?.removed.has(slot(kind, key)) ?? false;
  }

  async idempotency(sandboxId: string, key: string) {
    const stored = this.sandboxes.get(sandboxId)?.idempotency.get(key);
    return stored ? read(stored) : undefined;
  }

  async saveIdempotency(sandboxId: string, record: IdempotencyRecord) {
    const state = this.state(sandboxId);
    const stored = sized(record);
    const previous = state.idempotency.get(record.key);
    makeRoom(state, stored.bytes - (previous?.bytes ?? 0), this.limits);
    state.idempotency.set(record.key, stored);
  }

  async claimIdempotencyKey(sandboxId: string, key: string) {
    const state = this.state(sandboxId);
    if (state.claimed.has(key)) return false;
    state.claimed.add(key);
    return true;
  }

  async releaseIdempotencyKey(sandboxId: string, key: string) {
    this.sandboxes.get(sandboxId)?.claimed.delete(key);
  }

  async schedule(sandboxId: string, step: ScheduledStep) {
    const state = this.state(sandboxId);
    if (state.steps.length >= this.limits.maxObjects) {
      throw new SandboxFullError(`This sandbox has ${this.limits.maxObjects} changes waiting.`);
    }
    state.steps.push(step);
    state.steps.sort((a, b) => a.dueAt - b.dueAt);
  }

  async takeDueSteps(sandboxId: string, now: number) {
    const state = this.sandboxes.get(sandboxId);
    if (!state) return [];
    const due = state.steps.filter((step) => step.dueAt <= now);
    state.steps = state.steps.filter((step) => step.dueAt > now);
    return due;
  }

  async deliver(sandboxId: string, delivery: Delivery) {
    addDelivery(this.state(sandboxId), delivery, this.limits);
    this.watchers.wake(sandboxId);
  }

  async watchDeliveries(sandboxId: string, wake: () => void) {
    return this.watchers.watch(sandboxId, wake);
  }

  async deliveries(sandboxId: string) {
    return deliveriesOf(this.sandboxes.get(sandboxId));
  }

  async deliveriesAfter(sandboxId: string, afterId: string | undefined) {
    return deliveriesAfter(this.sandboxes.get(sandboxId), afterId);
  }

  async saveDeliveryResult(sandboxId: string, deliveryId: string, result: DeliveryResult) {
    return saveDeliveryResult(this.sandboxes.get(sandboxId), deliveryId, result);
  }

  async deliveryResults(sandboxId: string) {
    return deliveryResultsOf(this.sandboxes.get(sandboxId));
  }

  async logRequest(sandboxId: string, entry: RequestLogEntry) {
    const state = this.sandboxes.get(sandboxId);
    if (!state) return;
    const stored = sized(entry);
    state.requests.push(stored);
    state.requestBytes += stored.bytes;
    const { maxLoggedRequests, maxRequestLogBytes } = this.limits;
    while (
      state.requests.length > maxLoggedRequests ||
      (state.requestBytes > maxRequestLogBytes && state.requests.length > 1)
    ) {
      state.requestBytes -= state.requests.shift()!.bytes;
    }
  }

  async loggedRequests(sandboxId: string) {
    const stored = this.sandboxes.get(sandboxId)?.requests ?? [];
    return stored.map((entry) => read(entry)).reverse();
  }

  private state(sandboxId: string): SandboxState {
    const state = this.sandboxes.get(sandboxId);
    if (!state) throw new SandboxFullError('This sandbox has expired. Request a new access token.');
    return state;
  }

  private dropIdle(now: number) {
    for (const [id, state] of this.sandboxes) {
      if (now - state.lastUsed < this.limits.idleMs) break;
      this.sandboxes.delete(id);
    }
  }
}
