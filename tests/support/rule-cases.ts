// Every bound and business rule the document states for a request field, as cases a test sends:
// JSON Schema bounds of top-level body fields and of query and header parameters, and every
// `x-rules` entry of a body field. Derived from the document, never listed by hand.
import {
  resolve,
  type ApiDocument,
  type Content,
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
  'minItems',
  'maxItems',
] as const;
export type BoundKeyword = (typeof BOUND_KEYWORDS)[number];

type Where = 'body' | 'query' | 'header';

export type RuleCase = {
  operationId: string;
  method: string;
  template: string;
  where: Where;
  field: string;
  /** The field's schema, references followed. */
  schema: Schema;
} & ({ keyword: BoundKeyword } | { rule: Rule; rules: Rule[] });

/** A schema with its `$ref`s followed, the referring schema's own keywords kept over the target's. */
export function plainSchema(document: ApiDocument, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const { $ref, ...own } = schema;
  return { ...plainSchema(document, resolve<Schema>(document, { $ref })), ...own };
}

const boundsOf = (schema: Schema) =>
  BOUND_KEYWORDS.filter(
    (keyword) =>
      schema[keyword] !== undefined && !(keyword === 'minLength' && schema.minLength === 0),
  );

/** A case as tests and the rule-sentence register name it: `createBooking body reference: maxLength`. */
export const caseName = (item: RuleCase) =>
  `${item.operationId} ${item.where} ${item.field}: ${'rule' in item ? item.rule.kind : item.keyword}`;

/** Every case of the document, operation by operation. */
export function ruleCases(document: ApiDocument): RuleCase[] {
  return allOperations(document).flatMap(({ method, path, operation }) => {
    const base = {
      operationId: operation.operationId,
      method: method.toUpperCase(),
      template: path,
    };
    const fields: [Where, string, Schema][] = [];
    const parameters = [
      ...(document.paths[path]!.parameters ?? []),
      ...(operation.parameters ?? []),
    ]
      .map((parameter) => resolve<Parameter>(document, parameter))
      .filter((parameter) => parameter.in === 'query' || parameter.in === 'header');
    for (const parameter of parameters) {
      fields.push([
        parameter.in as Where,
        parameter.name,
        plainSchema(document, parameter.schema ?? {}),
      ]);
    }
    const body = operation.requestBody
      ? resolve<{ content: Content }>(document, operation.requestBody).content['application/json']
      : undefined;
    const bodySchema = body?.schema ? plainSchema(document, body.schema) : undefined;
    for (const [name, property] of Object.entries(bodySchema?.properties ?? {})) {
      fields.push(['body', name, plainSchema(document, property)]);
    }
    return fields.flatMap(([where, field, schema]) => {
      const rules = schema['x-rules'] ?? [];
      return [
        ...boundsOf(schema).map((keyword) => ({ ...base, where, field, schema, keyword })),
        ...rules.map((rule) => ({ ...base, where, field, schema, rule, rules })),
      ];
    });
  });
}

/** A value that breaks a schema bound, or undefined when none can be made. */
export function breakingValue(schema: Schema, keyword: BoundKeyword): unknown {
  switch (keyword) {
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
    case 'pattern': {
      const pattern = new RegExp(schema.pattern!, 'u');
      return ['!', 'a b!', '0', 'ZZ'].find((candidate) => !pattern.test(candidate));
    }
    case 'minItems':
      return [];
    case 'maxItems':
      return Array.from({ length: schema.maxItems! + 1 }, (_, index) => `item_${index}`);
  }
}
