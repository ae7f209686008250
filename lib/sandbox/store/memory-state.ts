// What the memory store keeps of one sandbox: each value as its JSON text, with the bytes they
// take, which the sandbox's cap is held to.
import type { SandboxObject } from '../model';
import type { RequestLogEntry } from '../request-log';
import {
  SandboxFullError,
  type Delivery,
  type DeliveryResult,
  type IdempotencyRecord,
  type SandboxRecord,
  type ScheduledStep,
  type StoreLimits,
} from './types';

/** A value kept as its JSON text: exact in bytes, compact in memory, and never shared by reference. */
// `value` is never set: it only carries the type that `read` gives back.
export type Sized<T> = { json: string; bytes: number; value?: T };

export function sized<T>(value: T): Sized<T> {
  const json = JSON.stringify(value);
  return { json, bytes: Buffer.byteLength(json) };
}

export const read = <T>(stored: Sized<T>): T => JSON.parse(stored.json) as T;

export type SandboxState = {
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

/** A sandbox just opened at `now`, holding nothing yet. */
export function emptyState(record: SandboxRecord, now: number): SandboxState {
  return {
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
  };
}

/** A copy of what a sandbox holds, to put back: stored values are immutable JSON text, so shallow. */
export function contentsOf(state: SandboxState) {
  return {
    objects: new Map(state.objects),
    removed: new Set(state.removed),
    idempotency: new Map(state.idempotency),
    steps: [...state.steps],
    deliveries: [...state.deliveries],
    bytes: state.bytes,
  };
}

/** Counts `bytes` more, or refuses them: nothing kept is dropped to make room. */
export function makeRoom(state: SandboxState, bytes: number, limits: StoreLimits) {
  if (state.bytes + bytes > limits.maxBytes) {
    throw new SandboxFullError(`This sandbox holds its maximum of ${limits.maxBytes} bytes.`);
  }
  state.bytes += bytes;
}
