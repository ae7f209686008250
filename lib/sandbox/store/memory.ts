import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SandboxObject } from '../model';
import type { RequestLogEntry } from '../request-log';
import { DEFAULT_STORE_LIMITS } from './limits';
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

/** A value kept as its JSON text: exact in bytes, compact in memory, and never shared by reference. */
// `value` is never set: it only carries the type that `read` gives back.
type Sized<T> = { json: string; bytes: number; value?: T };

function sized<T>(value: T): Sized<T> {
  const json = JSON.stringify(value);
  return { json, bytes: Buffer.byteLength(json) };
}

const read = <T>(stored: Sized<T>): T => JSON.parse(stored.json) as T;

type SandboxState = {
  record: SandboxRecord;
  lastUsed: number;
  objects: Map<string, Sized<SandboxObject>>;
  removed: Set<string>;
  idempotency: Map<string, Sized<IdempotencyRecord>>;
  /** Keys held by requests still running. */
  claimed: Set<string>;
  steps: ScheduledStep[];
  deliveries: (Sized<Delivery> & { id: string })[];
  /** How the reader's handler answered deliveries, by delivery id: apart from `bytes`, never undone. */
  results: Map<string, DeliveryResult>;
  bytes: number;
  /** The request log, oldest first, and its bytes: apart from `bytes`, and never undone. */
  requests: Sized<RequestLogEntry>[];
  requestBytes: number;
  queue: Promise<unknown>;
};

const slot = (kind: string, key: string) => `${kind}/${key}`;

/** A copy of what a sandbox holds, to put back: stored values are immutable JSON text, so shallow. */
function contentsOf(state: SandboxState) {
  return {
    objects: new Map(state.objects),
    removed: new Set(state.removed),
    idempotency: new Map(state.idempotency),
    steps: [...state.steps],
    deliveries: [...state.deliveries],
    bytes: state.bytes,
  };
}

/** The sandboxes of one server process, in memory, capped in count, objects and bytes. */
export class MemoryStore implements SandboxStore {
  private readonly sandboxes = new Map<string, SandboxState>();
  private readonly watchers = new Map<string, Set<() => void>>();
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
    this.sandboxes.set(record.id, {
      record,
      lastUsed: now,
      objects: new Map(),
      removed: new Set(),
      idempotency: new Map(),
      claimed: new Set(),
      steps: [],
      deliveries: [],
      results: new Map(),
      bytes: 0,
      requests: [],
      requestBytes: 0,
      queue: Promise.resolve(),
    });
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
    this.makeRoom(state, stored.bytes - (previous?.bytes ?? 0));
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
    this.makeRoom(state, stored.bytes - (previous?.bytes ?? 0));
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
    const state = this.state(sandboxId);
    const stored = { ...sized(delivery), id: delivery.id };
    if (state.deliveries.length >= this.limits.maxDeliveries) this.dropOldestDelivery(state);
    this.makeRoom(state, stored.bytes);
    state.deliveries.push(stored);
    this.watchers.get(sandboxId)?.forEach((wake) => wake());
  }

  async watchDeliveries(sandboxId: string, wake: () => void) {
    const watchers = this.watchers.get(sandboxId) ?? new Set();
    this.watchers.set(sandboxId, watchers.add(wake));
    return () => {
      watchers.delete(wake);
      if (!watchers.size) this.watchers.delete(sandboxId);
    };
  }

  async deliveries(sandboxId: string) {
    const stored = this.sandboxes.get(sandboxId)?.deliveries ?? [];
    return stored.map((delivery) => read(delivery)).reverse();
  }

  async deliveriesAfter(sandboxId: string, afterId: string | undefined) {
    const stored = this.sandboxes.get(sandboxId)?.deliveries ?? [];
    const index = afterId === undefined ? -1 : stored.findIndex(({ id }) => id === afterId);
    return stored.slice(index + 1).map((delivery) => read(delivery));
  }

  async saveDeliveryResult(sandboxId: string, deliveryId: string, result: DeliveryResult) {
    const state = this.sandboxes.get(sandboxId);
    const held = new Set(state?.deliveries.map(({ id }) => id));
    if (!state || !held.has(deliveryId)) return false;
    state.results.set(deliveryId, result);
    // Results of deliveries dropped to make room go with them.
    for (const id of state.results.keys()) if (!held.has(id)) state.results.delete(id);
    return true;
  }

  async deliveryResults(sandboxId: string) {
    const state = this.sandboxes.get(sandboxId);
    const held = new Set(state?.deliveries.map(({ id }) => id));
    return Object.fromEntries([...(state?.results ?? [])].filter(([id]) => held.has(id)));
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

  /** Counts `bytes` more, or refuses them: nothing kept is dropped to make room. */
  private makeRoom(state: SandboxState, bytes: number) {
    if (state.bytes + bytes > this.limits.maxBytes) {
      throw new SandboxFullError(
        `This sandbox holds its maximum of ${this.limits.maxBytes} bytes.`,
      );
    }
    state.bytes += bytes;
  }

  private dropOldestDelivery(state: SandboxState) {
    const dropped = state.deliveries.shift();
    state.bytes -= dropped?.bytes ?? 0;
  }

  private dropIdle(now: number) {
    for (const [id, state] of this.sandboxes) {
      if (now - state.lastUsed < this.limits.idleMs) break;
      this.sandboxes.delete(id);
    }
  }
}
