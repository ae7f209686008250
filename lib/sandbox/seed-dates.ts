// The story's objects dated from the moment a sandbox opens: every date and time moved by the same
// offset, in the objects and in the steps still to come, so what had expired has, and what was
// due in a week still is. What is a date is what the document's schemas say is one.
import type { SchemaView } from '@/lib/openapi/schema';
import type { SandboxModel, SandboxObject } from './model';
import { TOKEN_LIFETIME_SECONDS } from './limits';
import type { SandboxRecord, ScheduledStep } from './store/types';
import { timestamp } from './time';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far a sandbox's dates lie from the story's: from the story's end to its opening. */
export function seedOffset(model: SandboxModel, sandbox: SandboxRecord): number {
  const openedAt = sandbox.expiresAt - TOKEN_LIFETIME_SECONDS * 1000;
  return model.story.endsAt === 0 ? 0 : openedAt - model.story.endsAt;
}

type Dating = { model: SandboxModel; offsetMs: number };

/** A value with its dates moved, following its schema; an object names its own kind's. */
function shifted(value: unknown, view: SchemaView | undefined, dating: Dating): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') {
    const time = Date.parse(value);
    if (Number.isNaN(time)) return value;
    if (view?.format === 'date-time') return timestamp(time + dating.offsetMs);
    if (view?.format === 'date') {
      const days = Math.round(dating.offsetMs / DAY_MS);
      return new Date(time + days * DAY_MS).toISOString().slice(0, 10);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => shifted(item, view?.items, dating));
  if (typeof value === 'object') {
    const kind = (value as { object?: unknown }).object;
    const own = typeof kind === 'string' ? dating.model.views.get(kind) : undefined;
    return fieldsShifted(value as Record<string, unknown>, own ?? view, dating);
  }
  return value;
}

function fieldsShifted(
  fields: Record<string, unknown>,
  view: SchemaView | undefined,
  dating: Dating,
) {
  return Object.fromEntries(
    Object.entries(fields).map(([name, child]) => [
      name,
      shifted(child, view?.properties[name], dating),
    ]),
  );
}

/** A copy of a story object, dated for a sandbox `offsetMs` after the story. */
export const datedSeed = (model: SandboxModel, seed: SandboxObject, offsetMs: number) =>
  (offsetMs === 0
    ? structuredClone(seed)
    : shifted(seed, undefined, { model, offsetMs })) as SandboxObject;

/** The story's steps still to come, due the same time after a sandbox opens, on dated objects. */
export function datedSteps(model: SandboxModel, offsetMs: number): ScheduledStep[] {
  const dating = { model, offsetMs };
  return model.story.steps.map((step) => {
    const view = model.views.get(step.kind);
    return {
      ...structuredClone(step),
      dueAt: step.dueAt + offsetMs,
      changes: fieldsShifted(step.changes, view, dating),
      ...(step.given ? { given: fieldsShifted(step.given, view, dating) } : {}),
    };
  });
}
