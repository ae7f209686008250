// Builds what the console needs of one operation from the document: its fields with their
// choices and limits, its example request, its error codes and its test scenarios.
import 'server-only';
import { toString } from 'mdast-util-to-string';
import { resolve, type ApiDocument, type Content } from '@/lib/openapi/document';
import { accessOf } from '@/lib/openapi/operation-access';
import { errorCatalogue, type Endpoint } from '@/lib/openapi/operations';
import type { ReferenceLinks } from '@/lib/openapi/pages/links';
import { markdownBlocks } from '@/lib/openapi/pages/mdast';
import { typeLabel, viewOf, type SchemaView } from '@/lib/openapi/schema';
import {
  findOperation,
  testScenarios,
  triggerFields,
  type TestScenario,
} from '@/lib/openapi/test-scenarios';
import { anchorRoute } from '@/lib/routes';
import { endpointOf, exampleRequest } from './example-request';
import { stepSpec } from './flow-spec';
import { followUps, preparations, scenarioFields } from './scenario-runs';
import type { ErrorExplanation, FieldSpec, OperationSpec, ScenarioSpec } from './spec';

/** Codes any request may be refused with, whatever the operation lists. */
const COMMON_ERRORS = [
  'parameter_missing',
  'parameter_invalid',
  'invalid_api_key',
  'token_expired',
  'insufficient_permissions',
  'resource_missing',
  'idempotency_key_reused',
  'rate_limit_exceeded',
];

/** Markdown from the document as plain text. */
export function plainText(markdown: string | undefined): string {
  return markdownBlocks(markdown)
    .map((block) => toString(block))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const firstSentence = (markdown: string | undefined) =>
  plainText(markdown).split(/(?<=[.!?])\s+(?=[A-Z`])/)[0] || undefined;

const SCALARS = ['string', 'integer', 'number', 'boolean'] as const;

/** A field of the form, from its schema: nested objects and arrays become nested fields. */
export function fieldOf(name: string, view: SchemaView, required: boolean): FieldSpec {
  const base = {
    name,
    required,
    type: typeLabel(view),
    ...(view.nullable ? { nullable: true } : {}),
    ...(firstSentence(view.description) ? { hint: firstSentence(view.description) } : {}),
    ...(view.constraints.length ? { constraints: view.constraints } : {}),
  };
  const [type] = view.types;
  const scalar = SCALARS.find((candidate) => candidate === type);
  if (view.types.length !== 1) return { ...base, kind: 'json' };
  if (view.values)
    return { ...base, kind: scalar ?? 'string', choices: view.values.map((value) => value.value) };
  if (scalar) return { ...base, kind: scalar };
  if (type === 'object' && Object.keys(view.properties).length) {
    return { ...base, kind: 'object', fields: fieldsOf(view.properties, view.required) };
  }
  if (type === 'array' && view.items) {
    return { ...base, kind: 'array', items: fieldOf('item', view.items, true) };
  }
  return { ...base, kind: 'json' };
}

function fieldsOf(properties: Record<string, SchemaView>, required: string[]): FieldSpec[] {
  return Object.entries(properties).map(([name, view]) =>
    fieldOf(name, view, required.includes(name)),
  );
}

/** Where a request field goes: a path or query parameter by name, else a body field. */
function placeOf(endpoint: Endpoint, field: string): string {
  if (endpoint.parameters.path.some((p) => p.name === field)) return `path.${field}`;
  if (endpoint.parameters.query.some((p) => p.name === field)) return `query.${field}`;
  return `body.${field}`;
}

function scenarioSpec(endpoint: Endpoint, scenario: TestScenario): ScenarioSpec {
  const fields = triggerFields(scenario);
  return {
    id: scenario.id,
    title: scenario.title,
    set: {
      ...scenarioFields[endpoint.operationId],
      ...Object.fromEntries(
        Object.entries(fields).map(([field, value]) => [placeOf(endpoint, field), value]),
      ),
    },
    outcome: scenario.outcome,
  };
}

function explanations(document: ApiDocument, codes: string[], links: ReferenceLinks) {
  const catalogue = errorCatalogue(document);
  const explained: Record<string, ErrorExplanation> = {};
  for (const code of codes) {
    const entry = catalogue.find((candidate) => candidate.code === code);
    if (!entry) continue;
    explained[code] = {
      status: entry.status,
      type: entry.type,
      description: plainText(entry.description),
      href: links.errorHref(code),
    };
  }
  return explained;
}

/** Everything the console shows and checks for one operation. */
export function operationSpec(
  document: ApiDocument,
  operationId: string,
  links: ReferenceLinks,
): OperationSpec {
  const endpoint = endpointOf(document, operationId);
  const { parameters } = endpoint;
  const located = findOperation(document, operationId)!;
  const page = links.tagPage(located.operation.tags![0]!);
  const requestBody = requestBodyOf(document, operationId);
  const preparation = preparations[operationId];
  const followUp = followUps[operationId];
  const paramFields = (list: typeof parameters.path) =>
    list.map((parameter) =>
      fieldOf(
        parameter.name,
        { ...viewOf(document, parameter.schema ?? {}), description: parameter.description },
        Boolean(parameter.required),
      ),
    );
  return {
    operationId,
    method: endpoint.method.toUpperCase(),
    path: endpoint.path,
    summary: endpoint.summary,
    ...(page ? { href: anchorRoute(page, endpoint.anchor) } : {}),
    authenticated: endpoint.authenticated,
    access: accessOf(document, located.operation),
    parameters: {
      path: paramFields(parameters.path),
      query: paramFields(parameters.query),
      header: paramFields(parameters.header),
    },
    ...(requestBody
      ? { body: { required: requestBody.required, fields: requestBody.fields } }
      : {}),
    ...(requestBody?.ahead.length ? { ahead: requestBody.ahead } : {}),
    example: exampleRequest(endpoint),
    errors: explanations(
      document,
      [...new Set([...endpoint.errors.map((error) => error.code), ...COMMON_ERRORS])],
      links,
    ),
    scenarios: testScenarios(document)
      .filter((scenario) => scenario.operation === operationId)
      .map((scenario) => scenarioSpec(endpoint, scenario)),
    ...(preparation
      ? {
          preparation: {
            steps: preparation.steps.map((step) => stepSpec(document, step)),
            carry: preparation.carry,
          },
        }
      : {}),
    ...(followUp
      ? { followUp: { steps: followUp.steps.map((step) => stepSpec(document, step)) } }
      : {}),
  };
}

/** The JSON body of an operation as fields, and whether it must be sent. */
function requestBodyOf(document: ApiDocument, operationId: string) {
  const { operation } = findOperation(document, operationId)!;
  if (!operation.requestBody) return undefined;
  const body = resolve<{ required?: boolean; content: Content }>(document, operation.requestBody);
  const schema = body.content['application/json']?.schema;
  if (!schema) return undefined;
  const view = viewOf(document, schema);
  const ahead = Object.entries(view.properties)
    .filter(([, field]) => field.rules?.some((rule) => rule.kind === 'future'))
    .map(([field, { format }]) => ({ field, date: format === 'date' }));
  return {
    required: Boolean(body.required),
    fields: fieldsOf(view.properties, view.required),
    ahead,
  };
}
