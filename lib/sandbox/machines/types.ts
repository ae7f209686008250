import type { SandboxEvents } from '../events';
import type { IdMaker } from '../ids';
import type { SandboxModel, SandboxObject, SandboxOperation, TriggeredScenario } from '../model';
import type { SandboxObjects } from '../objects';
import type { EventRequest, FundsMove, SandboxRecord } from '../store/types';

export type Json = Record<string, unknown>;

/** One sandbox at one moment: its objects and events, and what it queues for later. */
export type SandboxContext = {
  model: SandboxModel;
  sandbox: SandboxRecord;
  objects: SandboxObjects;
  events: SandboxEvents;
  now: number;
  /** Makes the ID of a new object of a kind. */
  newId: IdMaker;
  /** The request whose consequences these are, named on the events sent; null for time passing. */
  request: EventRequest | null;
  /** Queues a later step for an object, applied once the asynchronous delay has passed. */
  schedule(object: SandboxObject, step: LaterStep): Promise<void>;
};

/** What one request works with: its sandbox, the operation and the validated request. */
export type RequestContext = SandboxContext & {
  operation: SandboxOperation;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Json;
  /** The test scenario the request triggers, if any. */
  scenario?: TriggeredScenario;
};

/** A step that happens later, such as a refund settling. */
export type LaterStep = {
  changes: Json;
  events: string[];
  /** When it happens, in epoch milliseconds; by default after the asynchronous delay. */
  at?: number;
  /** IDs of other objects its events may be about, such as the payment link a payment pays. */
  related?: string[];
  /** Fields the object must still have, unchanged, when it falls due, such as the details checked. */
  given?: Json;
  /** For the balance: money that moves between its parts, such as a payment settling. */
  move?: FundsMove;
  /**
   * Set when time passing brings the step about (an expiry, a lapse, a deadline), not the request
   * that queued it: its events then name no request.
   */
  byTime?: true;
};

/** The result of a transition: the object as it now is, the events it sends, and what follows. */
export type Transition = {
  object: SandboxObject;
  events: string[];
  later?: LaterStep;
  /** Other objects the transition changed, which its events may be about. */
  related?: SandboxObject[];
  /** What the request answers when it is not the stored object, such as a secret shown once. */
  answer?: SandboxObject;
};

/** The documented lifecycle of one kind of object. */
export type Machine = {
  kind: string;
  /** Checks a new object against the objects it references and sets its first state. */
  create?(object: SandboxObject, context: RequestContext): Promise<Transition>;
  /**
   * Refuses an update the object's state does not allow, or completes it; `object` has the
   * changes. Answers the step that follows, such as a check of new bank details.
   */
  update?(
    object: SandboxObject,
    before: SandboxObject,
    context: RequestContext,
  ): Promise<LaterStep | void>;
  /** Refuses a read of the object that its place or a limit does not allow, or counts it. */
  read?(object: SandboxObject, context: RequestContext): Promise<void>;
  /** Refuses a deletion the object's state or other objects do not allow, or carries it out. */
  remove?(object: SandboxObject, context: RequestContext): Promise<void>;
  /** Actions by the last segment of their path, such as `capture` or `cancel`. */
  actions?: Record<string, (object: SandboxObject, context: RequestContext) => Promise<Transition>>;
  /** Completes a new object of this kind that an event of another object brought about. */
  spawned?(
    object: SandboxObject,
    from: SandboxObject,
    context: SandboxContext,
  ): Promise<void> | void;
  /** Side effects of a later step on other objects, given those it names as related. */
  settle?(
    object: SandboxObject,
    step: LaterStep,
    context: SandboxContext,
    related: SandboxObject[],
  ): Promise<void>;
};
