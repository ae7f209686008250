import { z } from 'zod';

/** One test scenario of the document's `x-test-scenarios`: a trigger value and its outcome. */
const scenarioSchema = z.object({
  id: z.string().min(1),
  group: z.string().min(1),
  title: z.string().min(1),
  operation: z.string().min(1),
  trigger: z.object({
    field: z.string().min(1),
    value: z.union([z.string().min(1), z.number().int()]),
  }),
  outcome: z.object({
    status: z.string().min(1).optional(),
    failure_code: z.string().min(1).optional(),
    error: z.string().min(1).optional(),
    events: z.array(z.string().min(1)).default([]),
  }),
  description: z.string().optional(),
});

export type TestScenario = z.infer<typeof scenarioSchema>;

/** The document's test scenarios, or a message naming the one that breaks the contract. */
export function readScenarios(root: unknown): TestScenario[] {
  const raw = (root as Record<string, unknown>)['x-test-scenarios'];
  if (raw === undefined) return [];
  const result = z.array(scenarioSchema).safeParse(raw);
  if (!result.success) {
    const [issue] = result.error.issues;
    throw new Error(
      `openapi/openapi.yaml: x-test-scenarios/${issue?.path.join('/')}: ${issue?.message}. Fix the scenario.`,
    );
  }
  return result.data;
}

/** The value at a dot path of a request body, such as `payment_method` or `card.number`. */
function valueAt(body: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      body,
    );
}

/** The scenario an operation's request triggers, if a trigger field carries a scenario's value. */
export function scenarioFor(
  scenarios: TestScenario[],
  operationId: string,
  body: unknown,
): TestScenario | undefined {
  return scenarios.find(
    (scenario) =>
      scenario.operation === operationId &&
      valueAt(body, scenario.trigger.field) === scenario.trigger.value,
  );
}
