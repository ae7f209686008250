import type { SandboxObject } from '../model';
import type { RequestLogEntry } from '../request-log';

/**
 * What one access token opens: its own sandbox, or, for a token of a key pair created in a
 * sandbox, a way into that one (`keyPair`), kept under the token's own id.
 */
export type SandboxRecord = {
  id: string;
  /** When its token stops being accepted, in epoch milliseconds. */
  expiresAt: number;
  /** The `whsec_` secret its webhook deliveries are signed with. */
  signingSecret: string;
  /** The roles of the key pair its token was issued for: what its requests may do. */
  roles: string[];
  /** The `key_` ID of the key pair its token was issued for, which its audit events name. */
  apiKeyId?: string;
  /** For a token of a key pair created with the API: the sandbox it was created in, and its id. */
  keyPair?: { sandboxId: string; apiKeyId: string };
  /** The client that requested its token, as the rate limits name it: each holds a few at most. */
  client?: string;
};

/** A stored answer to an idempotent request, replayed for the same key and body. */
export type IdempotencyRecord = {
  key: string;
  fingerprint: string;
  status: number;
  body: unknown;
  /** The API version the answer is written in: a replay keeps it. */
  version: string;
  storedAt: number;
};

/** The API request an event follows from, as the event's `request` names it. */
export type EventRequest = { id: string; idempotency_key: string | null };

/** One signed delivery of an event, as the receiver gets it. */
export type Delivery = {
  id: string;
  event_id: string;
  type: string;
  delivered_at: string;
  headers: Record<string, string>;
  /** The raw JSON body the signature covers. */
  body: string;
  /** Which attempt at the event this is: 1, then each retry after a failed one. */
  attempt?: number;
};

/** How the reader's own handler answered a delivery, as their forwarder reports it. */
export type DeliveryResult = {
  /** The handler's HTTP status; absent when it could not be reached. */
  status?: number;
  /** Why the handler could not be reached. */
  error?: string;
  duration_ms: number;
  reported_at: string;
};

/** Money moving between parts of the balance when it falls due, such as a payment settling. */
export type FundsMove = {
  currency: string;
  amount: number;
  from: 'pending' | 'reserved';
  to: 'available' | 'reserved';
  /** For money moved to `reserved`: when it moves on to `available`, in epoch milliseconds. */
  releaseAt?: number;
  /** For money converted as it settles, at an FX quote: what arrives, in another currency. */
  into?: { currency: string; amount: number };
  /**
   * For money moved to or from `reserved`: the booking it is held for. A release, from `reserved`,
   * moves what the booking still holds when it falls due, unless its release has moved since.
   */
  bookingId?: string;
  /** For money settling: the `txn_` transaction the settlement batches. */
  transactionId?: string;
};

/** A change that happens later, such as a refund settling: applied when it falls due. */
export type ScheduledStep = {
  dueAt: number;
  kind: string;
  key: string;
  /** The status the object must still have for the step to apply. */
  from: string;
  /** Fields the object must still have, unchanged, for the step to apply, such as the details checked. */
  given?: Record<string, unknown>;
  changes: Record<string, unknown>;
  events: string[];
  /** IDs of other objects its events may be about. */
  related?: string[];
  /** For money settling or released (kind `balance`): what moves where. */
  move?: FundsMove;
  /** For a retry of a failed delivery (kind `event`, key its ID): the attempt it makes. */
  retry?: { attempt: number };
  /** The request the step follows from, named on its events; null when time passing brings it. */
  request: EventRequest | null;
};

/** Raised when a sandbox has no room left for what a request would add. */
export class SandboxFullError extends Error {}

/** Raised when a shared store does not answer: the request is refused, and retried later. */
export class StoreUnavailableError extends Error {}

/** Raised when every sandbox is taken and none has gone unused long enough to close for another. */
export class SandboxesInUseError extends Error {
  constructor(
    /** How long until the least recently used sandbox may close, if nobody uses it meanwhile. */
    readonly retryAfterMs: number,
  ) {
    super('Every sandbox is in use.');
  }
}

/** How much a store keeps: sandboxes, and per sandbox its objects, bytes and deliveries. */
export type StoreLimits = {
  maxSandboxes: number;
  maxSandboxesPerClient: number;
  /** How long a sandbox goes unused before it may close to make room for another client's. */
  evictableAfterMs: number;
  maxObjects: number;
  maxBytes: number;
  idleMs: number;
  maxDeliveries: number;
  maxLoggedRequests: number;
  maxRequestLogBytes: number;
};

/**
 * Where sandboxes keep their state. The memory store serves one server process; a shared
 * store (such as Redis) implements the same interface where several instances serve the site.
 */
export interface SandboxStore {
  /**
   * Opens a sandbox, first closing idle ones and, beyond its client's cap, that client's least
   * recently used; at the cap of all, the least recently used once unused for `evictableAfterMs`,
   * else nothing and throws SandboxesInUseError.
   */
  open(record: SandboxRecord, now: number): Promise<void>;
  /** The sandbox of a token, marking it used; undefined when unknown or dropped. */
  sandbox(id: string, now: number): Promise<SandboxRecord | undefined>;
  /** Runs `task` with no other task of the same sandbox in between; inside such a task, just runs it. */
  exclusive<T>(sandboxId: string, task: () => Promise<T>): Promise<T>;
  /**
   * Runs `task` as `exclusive` does; when it throws, every change it made to the sandbox is
   * undone, and one nested inside another undoes only its own.
   */
  atomically<T>(sandboxId: string, task: () => Promise<T>): Promise<T>;
  get(sandboxId: string, kind: string, key: string): Promise<SandboxObject | undefined>;
  put(sandboxId: string, kind: string, key: string, object: SandboxObject): Promise<void>;
  /** Every object of a kind, in the order first stored. */
  list(sandboxId: string, kind: string): Promise<SandboxObject[]>;
  /** Marks an object gone, so a shared sample of the same key is hidden too. */
  remove(sandboxId: string, kind: string, key: string): Promise<void>;
  isRemoved(sandboxId: string, kind: string, key: string): Promise<boolean>;
  idempotency(sandboxId: string, key: string): Promise<IdempotencyRecord | undefined>;
  saveIdempotency(sandboxId: string, record: IdempotencyRecord): Promise<void>;
  /** Marks a key as in use by a running request; false when another request holds it. */
  claimIdempotencyKey(sandboxId: string, key: string): Promise<boolean>;
  releaseIdempotencyKey(sandboxId: string, key: string): Promise<void>;
  schedule(sandboxId: string, step: ScheduledStep): Promise<void>;
  /** Removes and returns the steps due at `now`, earliest first: call it in an atomic section. */
  takeDueSteps(sandboxId: string, now: number): Promise<ScheduledStep[]>;
  deliver(sandboxId: string, delivery: Delivery): Promise<void>;
  /** Deliveries newest first. */
  deliveries(sandboxId: string): Promise<Delivery[]>;
  /** Deliveries after the one with `afterId`, oldest first; all of them if it is gone. */
  deliveriesAfter(sandboxId: string, afterId: string | undefined): Promise<Delivery[]>;
  /** Calls `wake` after each delivery into the sandbox, by any instance; resolves to a stop. */
  watchDeliveries(sandboxId: string, wake: () => void): Promise<() => void>;
  /** Keeps how the reader's handler answered a delivery; false when the sandbox has no such delivery. */
  saveDeliveryResult(
    sandboxId: string,
    deliveryId: string,
    result: DeliveryResult,
  ): Promise<boolean>;
  /** The reported results of the deliveries the sandbox still holds, by delivery id. */
  deliveryResults(sandboxId: string): Promise<Record<string, DeliveryResult>>;
  /** Adds a served request to the sandbox's log, dropping the oldest beyond its caps; none if unknown. */
  logRequest(sandboxId: string, entry: RequestLogEntry): Promise<void>;
  /** The sandbox's logged requests, newest first. */
  loggedRequests(sandboxId: string): Promise<RequestLogEntry[]>;
}
