// The sandbox's test scenarios, read from the document's root `x-test-scenarios`: the one list
// that the Testing page shows and that the sandbox produces.
import { z } from 'zod';
import { HTTP_METHODS, type ApiDocument, type Operation, type PathItem } from './document';
import { endpointsOf, errorCatalogue, type Endpoint } from './operations';
import { viewOf, type SchemaView } from './schema';

const fieldValue = z.union([z.string().min(1), z.number().int(), z.boolean()]);

/** One scenario: the request value that triggers it and the outcome the sandbox produces. */
export const testScenarioSchema = z
  .object({
    /** Unique kebab-case; the scenario's anchor on the Testing page. */
    id: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case, such as "saved-card-expired"'),
    /** The heading the scenario is listed under. */
    group: z.string().min(1),
    title: z.string().min(1),
    /** The operationId of the request that carries the trigger. */
    operation: z.string().min(1),
    /**
     * Absent when no value picks the outcome: the request itself, on an object made for it, has
     * this one outcome (cancelling a payout, converting with a quote).
     */
    trigger: z
      .object({
        /** Dot path of the request-body field (or the name of a parameter) that carries `value`. */
        field: z
          .string()
          .regex(/^\w+(\.\w+)*$/, 'must be a dot path such as "evidence.explanation"'),
        /** A test card number, `tc_test_` card, test bank, amount in minor units or switch. */
        value: fieldValue,
        /** Other body fields the request must carry for this outcome, with their defaults applied. */
        with: z.record(z.string(), fieldValue).optional(),
      })
      .strict()
      .optional(),
    outcome: z
      .object({
        /** The resulting object's status, after any asynchronous step. */
        status: z.string().min(1),
        /** The object's failure or decline code. */
        failure_code: z.string().min(1).optional(),
        /** The error code of the catalogue, when the request itself is rejected. */
        error: z.string().min(1).optional(),
        /** The webhook event types sent, in order. */
        events: z.array(z.string().min(1)),
      })
      .strict(),
    /** One sentence: what happens and what the integration should do. */
    description: z.string().min(1),
  })
  .strict();

export type TestScenario = z.infer<typeof testScenarioSchema>;

/** A scenario a request value picks, as the sandbox matches requests to them. */
export type TriggeredScenario = TestScenario & { trigger: NonNullable<TestScenario['trigger']> };

export const isTriggered = (scenario: TestScenario): scenario is TriggeredScenario =>
  scenario.trigger !== undefined;

export type Located = {
  path: string;
  method: (typeof HTTP_METHODS)[number];
  item: PathItem;
  operation: Operation;
};

/** The operation with this operationId, with its path, method and path item. */
export function findOperation(document: ApiDocument, operationId: string): Located | undefined {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation?.operationId === operationId) return { path, method, item, operation };
    }
  }
  return undefined;
}

function endpointOf(document: ApiDocument, { path, method, item, operation }: Located): Endpoint {
  const [endpoint] = endpointsOf(document, operation.tags?.[0] ?? '', {
    [path]: { parameters: item.parameters, [method]: operation },
  });
  return endpoint!;
}

/** The view of a request field: a dot path into the body, or a parameter's name. */
function fieldView(
  document: ApiDocument,
  endpoint: Endpoint,
  field: string,
): SchemaView | undefined {
  const parameters = [...endpoint.parameters.path, ...endpoint.parameters.query];
  const parameter = parameters.find((candidate) => candidate.name === field);
  if (parameter) return viewOf(document, parameter.schema ?? {});
  const attributes = endpoint.bodyAttributes;
  let properties = Object.fromEntries(attributes.map((attribute) => [attribute.name, attribute]));
  let view: SchemaView | undefined;
  for (const name of field.split('.')) {
    const attribute = properties[name];
    if (!attribute) return undefined;
    view = { ...attribute, properties: {}, required: [] };
    properties = Object.fromEntries(attribute.children.map((child) => [child.name, child]));
  }
  return view;
}

function valueProblem(view: SchemaView, value: unknown): string | undefined {
  const type = typeof value === 'number' ? 'integer' : typeof value;
  if (!view.types.includes(type) && !(type === 'integer' && view.types.includes('number'))) {
    return `has type ${type}, but the field takes ${view.types.join(' or ') || 'no type'}`;
  }
  if (view.values && !view.values.some((entry) => entry.value === String(value))) {
    return `is not one of the field's values (${view.values.map((entry) => entry.value).join(', ')})`;
  }
  return undefined;
}

/** The request fields a scenario sets: its trigger and the fields sent with it, if any. */
export function triggerFields(scenario: TestScenario): Record<string, string | number | boolean> {
  const { trigger } = scenario;
  return trigger ? { ...trigger.with, [trigger.field]: trigger.value } : {};
}

/** What is wrong with one scenario against the document, each problem with its fix. */
function problemsOf(document: ApiDocument, scenario: TestScenario): string[] {
  const located = findOperation(document, scenario.operation);
  if (!located)
    return [
      `operation "${scenario.operation}" is not an operationId of the document; name an existing operation`,
    ];
  const endpoint = endpointOf(document, located);
  const problems: string[] = [];
  for (const [field, value] of Object.entries(triggerFields(scenario))) {
    const view = fieldView(document, endpoint, field);
    if (!view)
      problems.push(
        `field "${field}" is not in the request of ${scenario.operation}; use a body field or parameter it declares`,
      );
    const problem = view && valueProblem(view, value);
    if (problem)
      problems.push(
        `the value ${JSON.stringify(value)} of "${field}" ${problem}; use a value the field accepts`,
      );
  }
  const object = viewOf(
    document,
    document.components.schemas[endpoint.response.schemaName ?? ''] ?? {},
  );
  const statuses = object.properties.status?.values?.map((entry) => entry.value) ?? [];
  if (!statuses.includes(scenario.outcome.status)) {
    problems.push(
      `status "${scenario.outcome.status}" is not a status of ${endpoint.response.schemaName ?? 'the response'} (${statuses.join(', ')}); use one of them`,
    );
  }
  const { failure_code: failureCode, error, events } = scenario.outcome;
  if (failureCode) {
    const failures = object.properties.failure_code ?? object.properties.last_failure_code;
    if (!failures?.values?.some((entry) => entry.value === failureCode)) {
      problems.push(
        `failure code "${failureCode}" is not a failure code of ${endpoint.response.schemaName ?? 'the response'}; use one of its enum`,
      );
    }
  }
  if (error && !errorCatalogue(document).some((entry) => entry.code === error)) {
    problems.push(
      `error "${error}" is not in components.schemas.ErrorCode; add it there or fix the code`,
    );
  }
  for (const event of events.filter((type) => !(type in document.webhooks))) {
    problems.push(
      `event "${event}" is not in the document's webhooks; add the event or fix the type`,
    );
  }
  return problems;
}

/** The validated scenarios of the document, or an error naming each broken scenario and its fix. */
export function testScenarios(document: ApiDocument): TestScenario[] {
  const raw = (document as ApiDocument & { 'x-test-scenarios'?: unknown })['x-test-scenarios'];
  const parsed = z.array(testScenarioSchema).safeParse(raw ?? []);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const [index, ...rest] = issue.path;
      const id =
        Array.isArray(raw) && typeof index === 'number'
          ? (raw[index] as { id?: unknown })?.id
          : undefined;
      return `x-test-scenarios[${String(index)}]${id ? ` (${String(id)})` : ''} ${rest.join('.')}: ${issue.message}`;
    });
    throw new Error(
      `openapi/openapi.yaml: invalid test scenarios. Fix each entry to match lib/openapi/test-scenarios.ts:\n${lines.join('\n')}`,
    );
  }
  const problems: string[] = [];
  const seenIds = new Set<string>();
  const seenTriggers = new Map<string, string>();
  for (const scenario of parsed.data) {
    if (seenIds.has(scenario.id))
      problems.push(`"${scenario.id}": the id is used twice; give each scenario its own id`);
    seenIds.add(scenario.id);
    const trigger = JSON.stringify([scenario.operation, scenario.trigger ?? null]);
    const other = seenTriggers.get(trigger);
    if (other)
      problems.push(
        `"${scenario.id}": the same request already triggers "${other}"; change the value or add a "with" field`,
      );
    seenTriggers.set(trigger, scenario.id);
    problems.push(
      ...problemsOf(document, scenario).map((problem) => `"${scenario.id}": ${problem}`),
    );
  }
  if (problems.length)
    throw new Error(`openapi/openapi.yaml: broken test scenarios:\n${problems.join('\n')}`);
  return parsed.data;
}
