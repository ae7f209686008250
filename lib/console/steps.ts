// The pure part of running a flow step: the values it carries from earlier answers, and whether
// an asynchronous step has reached the outcome it waits for.
import { setValue, valueAt } from './request';
import type { RequestValues, StepSpec } from './spec';

/** The answers so far, by step name. */
export type Answers = Record<string, unknown>;

/** Reads `booking.id` or `chargebacks.data.0.id` from the answers so far. */
export function answerValue(answers: Answers, from: string): unknown {
  const [name, ...path] = from.split('.');
  return valueAt(answers[name!], path.join('.'));
}

/** The values with each carried value set, or an error naming the one an answer lacked. */
export function withCarried(
  values: RequestValues,
  carry: Record<string, string>,
  answers: Answers,
): RequestValues {
  let next = values;
  for (const [where, from] of Object.entries(carry)) {
    const value = answerValue(answers, from);
    if (value === undefined) {
      throw new Error(`No ${from} to carry into ${where}: an earlier step did not return it.`);
    }
    next = setValue(next, where, value);
  }
  return next;
}

/** Makes each unique body value new, `KP-2026-00417` becoming `KP-2026-00417-3f9a1c`, so a second run is not refused. */
function withUniqueValues(values: RequestValues, fields: string[], newKey: () => string) {
  return fields.reduce((next, field) => {
    const value = valueAt(next.body, field);
    return typeof value === 'string'
      ? setValue(next, `body.${field}`, `${value}-${newKey().slice(0, 6)}`)
      : next;
  }, values);
}

/** The step's request values: its own, the carried ones, new unique values and a fresh Idempotency-Key. */
export function stepValues(step: StepSpec, answers: Answers, newKey: () => string): RequestValues {
  const values = withUniqueValues(
    withCarried(step.request, step.carry, answers),
    step.unique,
    newKey,
  );
  return step.idempotent ? setValue(values, 'headers.Idempotency-Key', newKey()) : values;
}

/** Whether an answer ends the step: any refusal, or the value an asynchronous step waits for. */
export function settled(step: StepSpec, status: number, answer: unknown): boolean {
  if (!step.until || status >= 300) return true;
  const { field, equals, notEquals } = step.until;
  const value = valueAt(answer, field);
  if (equals !== undefined) return value === equals;
  if (notEquals !== undefined) return value !== undefined && value !== notEquals;
  return value !== undefined;
}
