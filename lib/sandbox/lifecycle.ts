// Runs the document's `x-lifecycle` tables: a request moves an object only along a row, a status
// no row starts the request from answers the documented refusal, and a request the table of its
// kind does not mention is a defect of the document, not a guess.
import {
  governs,
  lifecycles,
  refusalOf,
  rowsFrom,
  type LifecycleRow,
} from '@/lib/openapi/lifecycles';
import { SandboxError } from './errors';
import type { RequestContext, SandboxContext, Transition } from './machines/types';
import type { SandboxObject, SandboxOperation } from './model';
import { applyBody } from './changes';
import { GUARDS, type Move } from './guards';
import { timestamp } from './time';

/** What an operation asks of the object it acts on: `delete`, or its action by its path's last segment. */
export function requestOf(operation: SandboxOperation): string {
  return operation.method === 'delete' ? 'delete' : (operation.path.split('/').at(-1) ?? '');
}

const noun = (kind: string) => kind.replaceAll('_', ' ');

/**
 * The rows a request can take the object along from its status, or the documented refusal;
 * `undefined` for a kind without a lifecycle, such as an event.
 */
export function rowsFor(
  context: RequestContext,
  target: SandboxObject,
  request: string,
): LifecycleRow[] | undefined {
  const lifecycle = lifecycles(context.model.document).get(target.object);
  if (!lifecycle) return undefined;
  if (!governs(lifecycle, request)) {
    throw new Error(
      `openapi/openapi.yaml: the x-lifecycle of ${lifecycle.schema} has no row for ${request}. Add the row.`,
    );
  }
  const status = String(target.status);
  const rows = rowsFrom(lifecycle, request, status);
  if (rows.length > 0) return rows;
  const starts = new Set(
    lifecycle.rows.filter((row) => row.request === request).flatMap((row) => row.from ?? []),
  );
  const code = refusalOf(lifecycle, request, status);
  if (!code) {
    throw new Error(
      `openapi/openapi.yaml: the x-lifecycle of ${lifecycle.schema} names no refusal for ${request} from ${status}. Add it to refusals.`,
    );
  }
  throw new SandboxError(
    code,
    `The ${noun(target.object)} is ${status}, not ${[...starts].join(' or ')}.`,
  );
}

/** The events of the row that moves an object of `kind` to `to` with no request, such as a check ending `verified`. */
export function outsideRowEvents(context: SandboxContext, kind: string, to: string): string[] {
  const lifecycle = lifecycles(context.model.document).get(kind);
  const row = lifecycle?.rows.find((candidate) => candidate.outside && candidate.to === to);
  if (!row) {
    throw new Error(
      `openapi/openapi.yaml: the x-lifecycle of ${kind} has no row to ${to} without a request. Add the row.`,
    );
  }
  return row.events ?? [];
}

/**
 * Refuses a read under an object its status does not allow, as the table's `reads` say: a
 * consent's accounts while it is not `authorised`. `segment` is the path's after the object's ID.
 */
export function requireReadable(context: RequestContext, object: SandboxObject, segment: string) {
  const read = lifecycles(context.model.document).get(object.object)?.reads?.[segment];
  if (!read || read.statuses.includes(String(object.status))) return;
  throw new SandboxError(
    read.refusal,
    `The ${noun(object.object)} is ${String(object.status)}, not ${read.statuses.join(' or ')}.`,
  );
}

/** Whether a row's guard, if it has one, is true of a move. */
function guardHolds(row: LifecycleRow, move: Move): boolean {
  if (!row.guard) return true;
  const guard = GUARDS[row.guard];
  if (!guard) {
    throw new Error(
      `openapi/openapi.yaml: no guard ${row.guard} in lib/sandbox/guards.ts. Add it, or name one that is.`,
    );
  }
  return guard(move);
}

/**
 * Holds a move to the rows that allow it: `rows` are those its trigger may take from `from`, and
 * the object must end in a status one of them leads to, whose guard is true of the move, sending
 * only events of its kind that such a row lists. Anything else is a defect of the machine or of
 * the table.
 */
export function requireRowsAllow(
  rows: LifecycleRow[],
  move: Move,
  from: string,
  events: string[],
): void {
  const object = move.after;
  const to = String(object.status);
  const leading = rows.filter((row) => row.to === to);
  if (leading.length === 0) {
    throw new Error(
      `The ${noun(object.object)} went from ${from} to ${to}, which no row of its x-lifecycle allows.`,
    );
  }
  const taken = leading.filter((row) => guardHolds(row, move));
  if (taken.length === 0) {
    throw new Error(
      `The ${noun(object.object)} went from ${from} to ${to}, but the guard of no such row (${leading.map((row) => row.guard).join(', ')}) is true of it.`,
    );
  }
  const listed = new Set(taken.flatMap((row) => row.events ?? []));
  const unlisted = events.filter(
    (type) => type.startsWith(`${object.object}.`) && !listed.has(type),
  );
  if (unlisted.length > 0) {
    throw new Error(
      `The ${noun(object.object)} went from ${from} to ${to} sending ${unlisted.join(', ')}, which no row of its x-lifecycle lists.`,
    );
  }
}

/**
 * Holds a request's transition to the rows it was allowed (requireRowsAllow); `before` is the
 * object as the request found it, or undefined for one it created.
 */
export function requireRowTaken(
  context: RequestContext,
  rows: LifecycleRow[],
  before: SandboxObject | undefined,
  transition: Transition,
): void {
  const moved = [transition.object, ...(transition.related ?? [])];
  const changed = before
    ? moved.find((object) => object.object === before.object && object.id === before.id)
    : transition.object;
  // What moved with it, such as the charge that paid a payment link.
  const related = moved.filter((object) => object !== changed);
  const move = { before, after: changed ?? before!, body: context.body, related, now: context.now };
  requireRowsAllow(rows, move, before ? String(before.status) : 'nothing', transition.events);
}

/** The rows that create an object of a kind, or undefined for a kind without a lifecycle. */
export function rowsOfCreate(context: RequestContext, kind: string) {
  const lifecycle = lifecycles(context.model.document).get(kind);
  return lifecycle?.rows.filter((row) => row.request === 'create' && !row.from);
}

/**
 * The rows a step that falls due may take an object along from its status: those of time
 * passing and of what happens outside the API, or undefined for a kind without a lifecycle.
 */
export function rowsOfStep(context: SandboxContext, object: SandboxObject, from: string) {
  const lifecycle = lifecycles(context.model.document).get(object.object);
  return lifecycle?.rows.filter((row) => (row.time || row.outside) && row.from?.includes(from));
}

/**
 * Takes the one row a request without a hook of its own has: the object moves to the row's
 * status, its `<status>_at` timestamp is set, and the row's events are sent.
 */
export function takeRow(
  context: RequestContext,
  target: SandboxObject,
  rows: LifecycleRow[],
): Transition {
  const [row, ...others] = rows;
  if (!row || others.length > 0) {
    throw new Error(
      `The ${noun(target.object)}'s ${requestOf(context.operation)} has ${rows.length} rows to choose from: its machine must choose.`,
    );
  }
  const view = context.model.views.get(target.object)!;
  const object = applyBody(target, context.body, view) as SandboxObject;
  object.status = row.to;
  const stamp = `${row.to}_at`;
  if (stamp in object && object[stamp] === null) object[stamp] = timestamp(context.now);
  return { object, events: row.events ?? [] };
}
