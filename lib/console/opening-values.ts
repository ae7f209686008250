// The request a console opens with: a shared one, or the documented example with a test
// scenario's trigger applied; either way with a fresh Idempotency-Key.
import { setValue } from './request';
import type { SharedRequest } from './share';
import type { OperationSpec, RequestValues } from './spec';

/** Whether the operation takes an Idempotency-Key. */
export const takesIdempotencyKey = (spec: OperationSpec) =>
  spec.parameters.header.some((field) => field.name === 'Idempotency-Key');

/** The values with a new Idempotency-Key where the operation takes one. */
export function withFreshKey(spec: OperationSpec, values: RequestValues, newKey: () => string) {
  return takesIdempotencyKey(spec) ? setValue(values, 'headers.Idempotency-Key', newKey()) : values;
}

const DAY_MS = 86_400_000;

/**
 * The example with each date that must be in the future and has passed since it was written
 * moved ahead of now: a date two days, a time one hour, so the request opens as one that works.
 */
export function aheadOfNow(spec: OperationSpec, values: RequestValues, now: number) {
  let moved = values;
  for (const { field, date } of spec.ahead ?? []) {
    const written = (values.body as Record<string, unknown> | undefined)?.[field];
    if (typeof written !== 'string' || !(Date.parse(written) <= now)) continue;
    const ahead = new Date(now + (date ? 2 * DAY_MS : DAY_MS / 24)).toISOString();
    moved = setValue(moved, `body.${field}`, date ? ahead.slice(0, 10) : ahead.slice(0, 19) + 'Z');
  }
  return moved;
}

/** What the console shows first for a shared request, or for the example and a scenario. */
export function openingValues(
  spec: OperationSpec,
  options: { shared?: SharedRequest | null; scenario?: string; newKey: () => string },
): RequestValues {
  const { shared, scenario, newKey } = options;
  if (shared) {
    const { path, query, headers, body } = shared;
    return withFreshKey(spec, { path, query, headers, body }, newKey);
  }
  let values = aheadOfNow(spec, spec.example, Date.now());
  const applied = spec.scenarios.find((candidate) => candidate.id === scenario);
  for (const [where, value] of Object.entries(applied?.set ?? {})) {
    values = setValue(values, where, value);
  }
  return withFreshKey(spec, values, newKey);
}
