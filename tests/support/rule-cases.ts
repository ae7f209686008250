// Every bound and business rule the document states for a request field, as cases a test sends:
// JSON Schema bounds of query and header parameters and of body fields at any depth (the objects,
// lists and maps inside a body, and the fields each object requires), the fields of a create that
// its update refuses, and every `x-rules` entry of a body field, the ones its `$ref` brings among
// them. Derived from the document, never listed by hand.
import {
  resolve,
  type ApiDocument,
  type Content,
  type Operation,
  type Parameter,
  type Schema,
} from '@/lib/openapi/document';
import { allOperations } from '@/lib/openapi/operations';
import type { Rule } from '@/lib/openapi/rules';

/** The JSON Schema keywords a case is made for, each a bound a value can break. */
export const BOUND_KEYWORDS = [
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'enum',
  'const',
  'minItems',
  'maxItems',
  'maxProperties',
] as const;
export type BoundKeyword = (typeof BOUND_KEYWORDS)[number];
/**
 * What a bound case breaks: a keyword of the field, one of its keys' (`propertyNames.maxLength`),
 * its being required, or the update body's `additionalProperties` refusing a field its create
 * takes (one that cannot change later).
 */
export type CaseKeyword =
  BoundKeyword | `propertyNames.${BoundKeyword}` | 'required' | 'additionalProperties';

type Where = 'body' | 'query' | 'header';

export type RuleCase = {
  operationId: string;
  method: string;
  template: string;
  where: Where;
  /**
   * The field as a refusal names it, `[]` standing for an item of a list and `*` for any key of a
   * map: `amount`, `airline.legs[].carrier`, `metadata.*`.
   */
  field: string;
  /** The field's schema, references followed. */
  schema: Schema;
  /** For a field inside a body field: the outer field's documented example, to send it in. */
  outerExample?: unknown;
} & ({ keyword: CaseKeyword } | { rule: Rule; rules: Rule[] });

/**
 * A schema with its `$ref`s followed, the referring schema's own keywords kept over the target's
 * and its `x-rules` added to the target's, as the sandbox enforces both.
 */
export function plainSchema(document: ApiDocument, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const { $ref, ...own } = schema;
  const target = plainSchema(document, resolve<Schema>(document, { $ref }));
  const rules = [...(target['x-rules'] ?? []), ...(own['x-rules'] ?? [])];
  return { ...target, ...own, ...(rules.length ? { 'x-rules': rules } : {}) };
}

const boundsOf = (schema: Schema): BoundKeyword[] =>
  BOUND_KEYWORDS.filter(
    (keyword) =>
      schema[keyword] !== undefined && !(keyword === 'minLength' && schema.minLength === 0),
  );

/** The bounds a case is made for: the field's own, its keys', and its being required. */
const keywordsOf = (schema: Schema, required: boolean): CaseKeyword[] => [
  ...boundsOf(schema),
  ...boundsOf(schema.propertyNames ?? {}).map((keyword) => `propertyNames.${keyword}` as const),
  ...(required ? (['required'] as const) : []),
];

/** A case as tests and the rule-sentence register name it: `createBooking body reference: maxLength`. */
export const caseName = (item: RuleCase) =>
  `${item.operationId} ${item.where} ${item.field}: ${'rule' in item ? item.rule.kind : item.keyword}`;

type Field = { field: string; schema: Schema; required: boolean };

/** The fields of an object schema and of the objects, lists and maps inside them, outermost first. */
function fieldsOf(document: ApiDocument, schema: Schema, prefix = ''): Field[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const field = { field: `${prefix}${name}`, schema: plainSchema(document, property) };
    return [
      { ...field, required: (schema.required ?? []).includes(name) },
      ...innerFields(document, field),
    ];
  });
}

/** The fields inside a field: an object's properties, a list's items, a map's values. */
function innerFields(document: ApiDocument, { field, schema }: Omit<Field, 'required'>): Field[] {
  const inner: Omit<Field, 'required'>[] = [];
  if (schema.items)
    inner.push({ field: `${field}[]`, schema: plainSchema(document, schema.items) });
  if (typeof schema.additionalProperties === 'object')
    inner.push({ field: `${field}.*`, schema: plainSchema(document, schema.additionalProperties) });
  return [
    ...fieldsOf(document, schema, `${field}.`),
    ...inner.flatMap((item) => [{ ...item, required: false }, ...innerFields(document, item)]),
  ];
}

/** An operation's JSON body schema, references followed; empty when it takes no body. */
function bodySchemaOf(document: ApiDocument, operation: Operation): Schema {
  const body = operation.requestBody
    ? resolve<{ content: Content }>(document, operation.requestBody).content['application/json']
    : undefined;
  return body?.schema ? plainSchema(document, body.schema) : {};
}

/** The schema of an operation's body field, references followed, such as a whole `lodging`. */
export function bodyFieldSchema(
  document: ApiDocument,
  operationId: string,
  field: string,
): Schema | undefined {
  const found = allOperations(document).find(
    ({ operation }) => operation.operationId === operationId,
  );
  const property = found && bodySchemaOf(document, found.operation).properties?.[field];
  return property ? plainSchema(document, property) : undefined;
}

/** The fields the create of a collection takes and its update (PATCH) refuses: they cannot change. */
function fixedFields(
  document: ApiDocument,
  path: string,
  operation: Operation,
  bodySchema: Schema,
): Omit<Field, 'required'>[] {
  const create = document.paths[path.replace(/\/\{id\}$/, '')]?.post;
  const update = document.paths[path]?.patch;
  if (operation !== update || !create || bodySchema.additionalProperties !== false) return [];
  return Object.entries(bodySchemaOf(document, create).properties ?? {})
    .filter(([name]) => !(name in (bodySchema.properties ?? {})))
    .map(([name, property]) => ({ field: name, schema: plainSchema(document, property) }));
}

/** Every case of the document, operation by operation. */
export function ruleCases(document: ApiDocument): RuleCase[] {
  return allOperations(document).flatMap(({ method, path, operation }) => {
    const base = {
      operationId: operation.operationId,
      method: method.toUpperCase(),
      template: path,
    };
    const parameters = [
      ...(document.paths[path]!.parameters ?? []),
      ...(operation.parameters ?? []),
    ]
      .map((parameter) => resolve<Parameter>(document, parameter))
      .filter((parameter) => parameter.in === 'query' || parameter.in === 'header');
    const parameterCases = parameters.flatMap((parameter) => {
      const schema = plainSchema(document, parameter.schema ?? {});
      const where = parameter.in as Where;
      return boundsOf(schema).map((keyword) => ({
        ...base,
        where,
        field: parameter.name,
        schema,
        keyword,
      }));
    });
    const bodySchema = bodySchemaOf(document, operation);
    const fields = fieldsOf(document, bodySchema);
    const bodyCases = fields.flatMap(({ field, schema, required }) => {
      const where = 'body' as const;
      const [outer = field] = field.split(/[.[]/);
      const outerExample =
        outer === field ? undefined : fields.find((other) => other.field === outer)?.schema.example;
      const rules = outer === field ? (schema['x-rules'] ?? []) : [];
      return [
        ...keywordsOf(schema, required).map((keyword) => ({
          ...base,
          where,
          field,
          schema,
          keyword,
          ...(outerExample === undefined ? {} : { outerExample }),
        })),
        ...rules.map((rule) => ({ ...base, where, field, schema, rule, rules })),
      ];
    });
    const fixedCases = fixedFields(document, path, operation, bodySchema).map(
      ({ field, schema }) => ({
        ...base,
        where: 'body' as const,
        field,
        schema,
        keyword: 'additionalProperties' as const,
      }),
    );
    return [...parameterCases, ...bodyCases, ...fixedCases];
  });
}

/** The key a case about any key of a map sends, such as `metadata.case_key`. */
export const MAP_KEY = 'case_key';

const segmentsOf = (field: string) => field.replaceAll('[]', '.[]').split('.');

/** The parameter a refusal of the case names: its field with the first item and {@link MAP_KEY}. */
export const paramOf = (item: RuleCase) =>
  segmentsOf(item.field)
    .map((segment) => (segment === '[]' ? '0' : segment === '*' ? MAP_KEY : segment))
    .join('.');

type Json = Record<string, unknown>;

/**
 * The body with the case's field set to a value (removed when `undefined`); a field inside
 * another that the body lacks is sent within the outer field's documented example.
 */
export function bodyWith(body: Json | undefined, item: RuleCase, value: unknown): Json {
  const sent = structuredClone(body ?? {});
  const segments = segmentsOf(paramOf(item));
  const [outer = ''] = segments;
  if (segments.length > 1 && sent[outer] == null)
    sent[outer] = structuredClone(item.outerExample) ?? {};
  let node = sent;
  for (const [index, segment] of segments.slice(0, -1).entries()) {
    node[segment] ??= /^\d+$/.test(segments[index + 1]!) ? [] : {};
    node = node[segment] as Json;
  }
  const last = segments.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return sent;
}

/** The value the body sends for the case's field, the outer field's example filling in as above. */
export function valueAt(body: Json | undefined, item: RuleCase): unknown {
  const segments = segmentsOf(paramOf(item));
  const [outer = ''] = segments;
  let node: unknown = body?.[outer] ?? (segments.length > 1 ? item.outerExample : undefined);
  for (const segment of segments.slice(1)) node = (node as Json | undefined)?.[segment];
  return node;
}

/**
 * A value that breaks a bound, or undefined when none can be made (or the bound is broken by
 * leaving the field out); `sent` is the value the request sends, whose items a longer list repeats.
 */
export function breakingValue(schema: Schema, keyword: CaseKeyword, sent?: unknown): unknown {
  if (keyword === 'required') return undefined;
  // Any value is refused: the body does not take the field.
  if (keyword === 'additionalProperties') return schema.example ?? 'x';
  if (keyword.startsWith('propertyNames.')) {
    const key = breakingValue(
      schema.propertyNames!,
      keyword.slice('propertyNames.'.length) as never,
    );
    return typeof key === 'string' ? { [key]: 'x' } : undefined;
  }
  switch (keyword as BoundKeyword) {
    case 'minimum':
      return schema.minimum! - 1;
    case 'maximum':
      return schema.maximum! + 1;
    case 'minLength':
      return 'a'.repeat(schema.minLength! - 1);
    case 'maxLength':
      return 'a'.repeat(schema.maxLength! + 1);
    case 'enum':
      return typeof schema.enum![0] === 'number' ? -987654 : 'not_a_documented_value';
    case 'const':
      return typeof schema.const === 'boolean'
        ? !schema.const
        : typeof schema.const === 'number'
          ? schema.const + 1
          : `not_${String(schema.const)}`;
    case 'pattern': {
      const pattern = new RegExp(schema.pattern!, 'u');
      return ['!', 'a b!', '0', 'ZZ'].find((candidate) => !pattern.test(candidate));
    }
    case 'minItems':
      return [];
    case 'maxItems': {
      const [first] = Array.isArray(sent) ? sent : [];
      return Array.from({ length: schema.maxItems! + 1 }, (_, index) => first ?? `item_${index}`);
    }
    case 'maxProperties':
      return keysObject(schema.maxProperties! + 1);
  }
}

/** An object of `count` keys, such as the most metadata keys a request may send. */
export const keysObject = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`key_${index}`, 'x']));
