// Where each property of each object comes from, as the document declares it in `x-source`: the
// sandbox builds objects from these declarations alone, never from the examples, which are
// documentation only.
import type { ApiDocument, Operation, Reference, Schema } from './document';
import { lifecycles } from './lifecycles';
import { atPointer } from './pointer';

/** Follows `$ref`s to the node itself (this module is read while the document loads). */
function resolve<T extends object>(document: ApiDocument, node: T | Reference): T {
  let current: unknown = node;
  while (current && typeof current === 'object' && '$ref' in current) {
    current = atPointer(document, (current as Reference).$ref);
  }
  return current as T;
}

/**
 * - `request`: the create request's field of the same name; when not sent, the request's stated
 *   default, else `null` (an empty object or list for a field that cannot be `null`).
 * - `constant`: the schema's `const`, such as `object`.
 * - `generated`: made by the API when the object is made: its ID, its time, a credential or URL.
 * - `derived`: worked out as the property's description states, from the request and the
 *   objects it names (`amount_due` from `total_amount` and `amount_paid`).
 * - `lifecycle`: set by the object's lifecycle (`x-lifecycle`): its status, and what each
 *   transition records; `null` or its first status until then.
 */
export const PROPERTY_SOURCES = [
  'request',
  'constant',
  'generated',
  'derived',
  'lifecycle',
] as const;
export type PropertySource = (typeof PROPERTY_SOURCES)[number];

/** An object the API returns: a component with a constant `object` other than a list or deletion. */
export type ObjectSchema = { name: string; kind: string; schema: Schema };

/** Every object schema of the document, by the kind its `object` names. */
export function objectSchemas(document: ApiDocument): ObjectSchema[] {
  return Object.entries(document.components.schemas).flatMap(([name, schema]) => {
    const kind = schema.properties?.object?.const;
    if (typeof kind !== 'string' || kind === 'list' || schema.properties?.deleted) return [];
    return [{ name, kind, schema }];
  });
}

/** The declared source of each property of a kind, by property name. */
export function sourcesOf(schema: Schema): Map<string, PropertySource> {
  return new Map(
    Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
      property['x-source'] ? [[name, property['x-source']] as const] : [],
    ),
  );
}

/** The operation that creates objects of a kind: a POST on its collection returning one. */
export function createOperationOf(
  document: ApiDocument,
  schemaName: string,
): Operation | undefined {
  const reference = `#/components/schemas/${schemaName}`;
  for (const [path, item] of Object.entries(document.paths)) {
    const post = item.post;
    if (!post || path.includes('{')) continue;
    const created = Object.entries(post.responses).find(([status]) => status === '201')?.[1];
    const schema = created
      ? resolve(document, created).content?.['application/json']?.schema
      : undefined;
    if (schema?.$ref === reference) return post;
  }
  return undefined;
}

/** The request body schema of an operation. */
export function requestSchemaOf(document: ApiDocument, operation: Operation): Schema | undefined {
  if (!operation.requestBody) return undefined;
  const schema = resolve(document, operation.requestBody).content['application/json']?.schema;
  return schema ? resolve<Schema>(document, schema) : undefined;
}

const typesOf = (schema: Schema) =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** Whether a property can hold `null`, followed through its references and unions. */
function allowsNull(document: ApiDocument, schema: Schema): boolean {
  const resolved = schema.$ref ? resolve<Schema>(document, schema) : schema;
  if (typesOf(resolved).includes('null')) return true;
  return [...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])].some((choice) =>
    allowsNull(document, choice),
  );
}

/** Whether a property is an object or a list, whose empty value stands for "nothing sent". */
function isContainer(document: ApiDocument, schema: Schema): boolean {
  const resolved = schema.$ref ? resolve<Schema>(document, schema) : schema;
  return typesOf(resolved).some((type) => type === 'object' || type === 'array');
}

/** Whether a request field states what it is when not sent: a `default`, or a rule that gives one. */
const hasStatedDefault = (field: Schema) =>
  field.default !== undefined ||
  (field['x-rules'] ?? []).some((rule) => rule.kind === 'default-after-creation');

/**
 * What is wrong with the document's `x-source` declarations, each naming where and how to fix:
 * a property without one, an unknown source, or one its object cannot have.
 */
export function propertySourceProblems(document: ApiDocument): string[] {
  const problems: string[] = [];
  const lifecycleKinds = new Set(lifecycles(document).keys());
  for (const { name, kind, schema } of objectSchemas(document)) {
    const create = createOperationOf(document, name);
    const body = create ? requestSchemaOf(document, create) : undefined;
    for (const [property, declared] of Object.entries(schema.properties ?? {})) {
      const where = `#/components/schemas/${name}/properties/${property}`;
      const source = declared['x-source'];
      if (!source) {
        problems.push(
          `${where} has no x-source: say where its value comes from, one of ${PROPERTY_SOURCES.join(', ')}`,
        );
      } else if (!PROPERTY_SOURCES.includes(source)) {
        problems.push(
          `${where}: x-source ${String(source)} is not one of ${PROPERTY_SOURCES.join(', ')}`,
        );
      } else if (source === 'constant' && declared.const === undefined) {
        problems.push(`${where}: x-source constant needs a const`);
      } else if (source === 'lifecycle' && !lifecycleKinds.has(kind)) {
        problems.push(`${where}: x-source lifecycle, but ${name} has no x-lifecycle; use derived`);
      } else if (source === 'request') {
        const field = body?.properties?.[property];
        if (!field) {
          problems.push(
            `${where}: x-source request, but no create request of ${name} has ${property}`,
          );
        } else if (
          !body?.required?.includes(property) &&
          !hasStatedDefault(field) &&
          !allowsNull(document, declared) &&
          !isContainer(document, declared)
        ) {
          problems.push(
            `${where}: x-source request, but the create request may leave ${property} out and states no default for it; add its default to the request schema`,
          );
        }
      }
    }
  }
  return problems;
}
