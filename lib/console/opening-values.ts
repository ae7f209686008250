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
  let values = spec.example;
  const applied = spec.scenarios.find((candidate) => candidate.id === scenario);
  for (const [where, value] of Object.entries(applied?.set ?? {})) {
    values = setValue(values, where, value);
  }
  return withFreshKey(spec, values, newKey);
}
