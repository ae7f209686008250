// Loads the one OpenAPI document that the reference pages, the enum and error catalogues and
// the event list are rendered from.
import { readFileSync } from 'node:fs';
import { webhookDelivery } from './webhook-delivery';
import path from 'node:path';
import { parse } from 'yaml';
import { HTTP_METHODS, type HttpMethod } from './http-methods';
import { atPointer } from './pointer';
import { LifecycleSchema, type Lifecycle } from './lifecycle-schema';
import { lifecycleProblems } from './lifecycles';
import { propertySourceProblems, type PropertySource } from './property-sources';
import { roleProblems, type OperationRoles } from './role-schema';
import { RulesSchema, type Rule } from './rule-schema';

export const DOCUMENT_FILE = path.join(process.cwd(), 'openapi', 'openapi.yaml');

export { HTTP_METHODS, type HttpMethod };

export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  title?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxProperties?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  'x-enum-descriptions'?: Record<string, string>;
  'x-status'?: number;
  'x-type'?: string;
  /** The API version that added this field, when later than the first. */
  'x-added-in'?: string;
  /** Business rules beyond JSON Schema, in the vocabulary of lib/openapi/rules.ts. */
  'x-rules'?: Rule[];
  /** The resource's lifecycle as a table, in the shape of lib/openapi/lifecycle-schema.ts. */
  'x-lifecycle'?: Lifecycle;
  /** Where an object's property comes from (lib/openapi/property-sources.ts). */
  'x-source'?: PropertySource;
  /** On a request body field: the roles one of which a key pair also needs to send it. */
  'x-roles'?: string[];
};

export type Reference = { $ref: string };

export type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  description?: string;
  required?: boolean;
  schema?: Schema;
  example?: unknown;
  'x-added-in'?: string;
  /** What a list's query parameter selects, where it is not the equal field of its own name. */
  'x-filter'?: { field?: string; compare?: 'case_insensitive' | 'before' | 'at_or_after' };
};

export type MediaType = { schema?: Schema; example?: unknown };
export type Content = Record<string, MediaType>;
export type Response = { description: string; content?: Content };

export type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: (Parameter | Reference)[];
  requestBody?: { required?: boolean; content: Content } | Reference;
  responses: Record<string, Response | Reference>;
  'x-sdk-method'?: string;
  'x-errors'?: string[];
  /** The roles any one of which lets a key pair call it, or `any` (lib/openapi/role-schema.ts). */
  'x-roles'?: OperationRoles;
  /** The API version that added this operation, when later than the first. */
  'x-added-in'?: string;
};

export type PathItem = { parameters?: (Parameter | Reference)[] } & Partial<
  Record<HttpMethod, Operation>
>;

export type Tag = { name: string; description?: string; 'x-displayName'?: string };

export type ApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers: { url: string; description?: string }[];
  tags: Tag[];
  paths: Record<string, PathItem>;
  webhooks: Record<string, PathItem>;
  /** Whether every request must come from a server: each takes the private key or its token. */
  'x-server-side-only'?: boolean;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Parameter>;
    responses: Record<string, Response>;
  };
};

let loaded: ApiDocument | undefined;

/** Every `x-rules` list of the document, by JSON pointer. */
export function ruleLists(node: unknown, pointer = '#'): [string, unknown][] {
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, child]) =>
    key === 'x-rules'
      ? [[`${pointer}/x-rules`, child] as [string, unknown]]
      : ruleLists(child, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`),
  );
}

/** Refuses a document whose `x-rules` fall outside the vocabulary, naming where and how to fix. */
export function checkRules(document: unknown): void {
  for (const [pointer, rules] of ruleLists(document)) {
    const result = RulesSchema.safeParse(rules);
    if (result.success) continue;
    const [issue] = result.error.issues;
    throw new Error(
      `openapi/openapi.yaml: ${pointer}/${issue?.path.join('/') ?? ''} is not a rule lib/openapi/rules.ts knows: ${issue?.message}. Use one of its kinds with the fields it lists.`,
    );
  }
}

/** Refuses a document whose `x-lifecycle` tables are malformed or name what it does not have. */
export function checkLifecycles(document: ApiDocument): void {
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    if (!schema['x-lifecycle']) continue;
    const result = LifecycleSchema.safeParse(schema['x-lifecycle']);
    if (result.success) continue;
    const [issue] = result.error.issues;
    throw new Error(
      `openapi/openapi.yaml: #/components/schemas/${name}/x-lifecycle/${issue?.path.join('/') ?? ''}: ${issue?.message}. See lib/openapi/lifecycle-schema.ts.`,
    );
  }
  const [problem] = lifecycleProblems(document);
  if (problem) throw new Error(`openapi/openapi.yaml: ${problem}.`);
}

/** Refuses a document with an object property whose source is missing or impossible. */
export function checkPropertySources(document: ApiDocument): void {
  const problems = propertySourceProblems(document);
  if (problems.length === 0) return;
  throw new Error(`openapi/openapi.yaml:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
}

/** Refuses a document with an operation whose `x-roles` are missing or name an unknown role. */
export function checkRoles(document: ApiDocument): void {
  const [problem] = roleProblems(document);
  if (problem) throw new Error(`openapi/openapi.yaml: ${problem}. See lib/openapi/role-schema.ts.`);
}

/** The parsed document, read once per process, its rules, lifecycles and roles checked. */
export function loadDocument(): ApiDocument {
  if (loaded) return loaded;
  const parsed = parse(readFileSync(DOCUMENT_FILE, 'utf8')) as ApiDocument;
  checkRules(parsed);
  checkLifecycles(parsed);
  checkPropertySources(parsed);
  checkRoles(parsed);
  webhookDelivery(parsed);
  loaded = parsed;
  return loaded;
}

/**
 * An operation's parameters: its path item's, each replaced by one of the operation's own with
 * the same name and location, as OpenAPI says, then the operation's others.
 */
export function parametersOf(
  document: ApiDocument,
  item: Pick<PathItem, 'parameters'>,
  operation: Pick<Operation, 'parameters'>,
): Parameter[] {
  const own = (operation.parameters ?? []).map((parameter) =>
    resolve<Parameter>(document, parameter),
  );
  const shared = (item.parameters ?? [])
    .map((parameter) => resolve<Parameter>(document, parameter))
    .filter((parameter) => !own.some((o) => o.name === parameter.name && o.in === parameter.in));
  return [...shared, ...own];
}

/** Follows `$ref`s until the object itself, naming the broken reference when one points nowhere. */
export function resolve<T extends object>(document: ApiDocument, node: T | Reference): T {
  let current: unknown = node;
  while (current && typeof current === 'object' && '$ref' in current) {
    current = atPointer(document, (current as Reference).$ref);
  }
  return current as T;
}

/** The component name of a `#/components/schemas/Name` reference. */
export function schemaName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}
