// The story's objects dated from the moment a sandbox opens: every date and time moved by the same
// offset, so what had expired has, and what was due in a week still is.
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

/** A value with its dates moved by `offsetMs`, following its schema into objects and lists. */
function shifted(value: unknown, view: SchemaView | undefined, offsetMs: number): unknown {
  if (!view || value === null || value === undefined) return value;
  if (typeof value === 'string') {
    const time = Date.parse(value);
    if (Number.isNaN(time)) return value;
    if (view.format === 'date-time') return timestamp(time + offsetMs);
    if (view.format === 'date') {
      const days = Math.round(offsetMs / DAY_MS);
      return new Date(time + days * DAY_MS).toISOString().slice(0, 10);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => shifted(item, view.items, offsetMs));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, child]) => [
        name,
        shifted(child, view.properties[name], offsetMs),
      ]),
    );
  }
  return value;
}

/** A copy of a story object, dated for a sandbox `offsetMs` after the story. */
export function datedSeed(
  model: SandboxModel,
  seed: SandboxObject,
  offsetMs: number,
): SandboxObject {
  const view = model.views.get(seed.object);
  if (offsetMs === 0 || !view) return structuredClone(seed);
  return shifted(structuredClone(seed), view, offsetMs) as SandboxObject;
}

/** The story's steps still to come, due the same time after a sandbox opens. */
export const datedSteps = (model: SandboxModel, offsetMs: number): ScheduledStep[] =>
  model.story.steps.map((step) => ({ ...structuredClone(step), dueAt: step.dueAt + offsetMs }));
