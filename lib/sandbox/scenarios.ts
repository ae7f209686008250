import type { TriggeredScenario } from '@/lib/openapi/test-scenarios';
import type { SchemaView } from '@/lib/openapi/schema';
import type { SandboxOperation } from './model/operations';

/** A request as a scenario reads it: its JSON body, and its path and query parameters by name. */
export type ScenarioRequest = {
  body: unknown;
  params: Record<string, string>;
  query: Record<string, unknown>;
};

function valueAt(node: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (value, key) =>
      value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
    node,
  );
}

function defaultAt(view: SchemaView | undefined, path: string[]): unknown {
  return path.reduce<SchemaView | undefined>((node, key) => node?.properties[key], view)
    ?.defaultValue;
}

/** The value a request gives a field: the body's, else a parameter's, else the documented default. */
function requestValue(request: ScenarioRequest, field: string, body: SchemaView | undefined) {
  const path = field.split('.');
  return (
    valueAt(request.body, path) ??
    request.params[field] ??
    request.query[field] ??
    defaultAt(body, path)
  );
}

/**
 * The scenario a request triggers: its trigger field carries the scenario's value, and every
 * field of `trigger.with` has the scenario's value, sent or by default (`off_session` is `true`
 * unless sent as `false`).
 */
export function scenarioFor(
  scenarios: TriggeredScenario[],
  operation: SandboxOperation,
  request: ScenarioRequest,
): TriggeredScenario | undefined {
  const value = (field: string) => requestValue(request, field, operation.body);
  return scenarios.find(
    ({ operation: operationId, trigger }) =>
      operationId === operation.operationId &&
      value(trigger.field) === trigger.value &&
      Object.entries(trigger.with ?? {}).every(([field, expected]) => value(field) === expected),
  );
}

/** The scenarios any operation triggers with this value of this field, such as a test card number. */
export function scenariosWith(
  scenarios: TriggeredScenario[],
  field: string,
  value: unknown,
): TriggeredScenario[] {
  return scenarios.filter(({ trigger }) => trigger.field === field && trigger.value === value);
}
