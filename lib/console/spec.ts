// What the console knows about one operation, served per operation by the site
// (`/sandbox/operations/<operationId>`) so the OpenAPI document never reaches the browser.
import type { Access } from '@/lib/openapi/access';

/** How a field is edited: a scalar input, a choice, a nested group, a list, or raw JSON. */
export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'json';

/** One parameter or body field, with what the form needs to offer and explain it. */
export type FieldSpec = {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** The type as the reference writes it: `string (date-time)`, `array of strings`. */
  type: string;
  nullable?: boolean;
  /** The first sentence of its description, as plain text. */
  hint?: string;
  /** The values an enum field takes. */
  choices?: string[];
  /** Limits as the reference writes them: `at most 255 characters`. */
  constraints?: string[];
  /** An object's fields. */
  fields?: FieldSpec[];
  /** An array's item. */
  items?: FieldSpec;
};

/** An error code's catalogue entry, to explain a refusal. */
export type ErrorExplanation = { status: number; type: string; description: string; href: string };

/** A test scenario of the operation: the trigger the console applies, and what should happen. */
export type ScenarioSpec = {
  id: string;
  title: string;
  /** Where the trigger goes: `body.tokenised_card_id`, `path.id`, `query.limit`. */
  set: Record<string, string | number | boolean>;
  outcome: { status: string; failure_code?: string; error?: string; events: string[] };
};

/** A request of a flow or preparation, with the values it carries from earlier steps. */
export type StepSpec = {
  /** The name later steps carry values from, such as `booking`. */
  name: string;
  title: string;
  method: string;
  /** The documented path, such as `/v1/charges/{id}`. */
  path: string;
  /** The path, query, header and body values sent, before carried values are set. */
  request: RequestValues;
  /** Values from earlier answers: `{ "body.booking_id": "booking.id" }`. */
  carry: Record<string, string>;
  /** Repeat the request until this answer field has a value (or this value): asynchronous steps. */
  until?: Until;
  /** Whether the answer's `access_token` becomes the tab's sandbox token. */
  issuesToken: boolean;
  /** Whether every send needs a fresh `Idempotency-Key`. */
  idempotent: boolean;
  /** Body fields the document says are unique, such as `reference`: each run sends a new value. */
  unique: string[];
};

/** What an asynchronous step waits for: a field with a value, this value, or any other value. */
export type Until = { field: string; equals?: string; notEquals?: string };

/** The values of one request, by where they go. */
export type RequestValues = {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
};

export type OperationSpec = {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  /** Where the operation is documented: its page and anchor. */
  href?: string;
  authenticated: boolean;
  /** Which key pairs may call it, and from where, as the reference marks it. */
  access: Access;
  parameters: { path: FieldSpec[]; query: FieldSpec[]; header: FieldSpec[] };
  body?: { required: boolean; fields: FieldSpec[] };
  /** Body fields that must be in the future, which an example dated in the past is opened ahead. */
  ahead?: { field: string; date: boolean }[];
  /** The documented example request, with the sandbox key pair for the token request. */
  example: RequestValues;
  /** The operation's own error codes and those any request may get. */
  errors: Record<string, ErrorExplanation>;
  scenarios: ScenarioSpec[];
  /** Requests that make a fresh object for the scenarios to act on, and where its id goes. */
  preparation?: { steps: StepSpec[]; carry: Record<string, string> };
  /** Requests that bring the answer to its outcome at once (their carry reads `request.…`). */
  followUp?: { steps: StepSpec[] };
};

/** A guide's runnable flow. */
export type FlowSpec = { name: string; title: string; steps: StepSpec[] };
