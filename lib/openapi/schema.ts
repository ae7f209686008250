// Turns JSON Schemas of the document into the attribute lists the reference pages show.
import { resolve, schemaName, type ApiDocument, type Schema } from './document';
import type { PropertySource } from './property-sources';
import { fieldRolesText } from './access';
import { ruleText, type Rule } from './rules';

export type EnumValue = { value: string; description?: string };

/** One schema, with references, `allOf` and nullable unions folded away. */
export type SchemaView = {
  types: string[];
  nullable: boolean;
  format?: string;
  description?: string;
  /** The component name, when the schema is a named enum or object. */
  component?: string;
  values?: EnumValue[];
  constValue?: unknown;
  defaultValue?: unknown;
  constraints: string[];
  /** The business rules of `x-rules`, which `constraints` also states in words. */
  rules?: Rule[];
  properties: Record<string, SchemaView>;
  required: string[];
  items?: SchemaView;
  /** The API version that added it, when later than the first. */
  addedIn?: string;
  /** Where an object's property comes from (lib/openapi/property-sources.ts). */
  source?: PropertySource;
  /** On a request body field: the roles one of which a key pair also needs to send it. */
  roles?: string[];
};

/** One attribute of an object or parameter list, as a reference page shows it. */
export type Attribute = Omit<SchemaView, 'properties' | 'required' | 'items'> & {
  name: string;
  anchor: string;
  type: string;
  required: boolean;
  children: Attribute[];
};

function constraintsOf(schema: Schema): string[] {
  const constraints: string[] = [];
  if (schema.minimum !== undefined && schema.maximum !== undefined) {
    constraints.push(`${schema.minimum} to ${schema.maximum}`);
  } else if (schema.minimum !== undefined) {
    constraints.push(`at least ${schema.minimum}`);
  } else if (schema.maximum !== undefined) {
    constraints.push(`at most ${schema.maximum}`);
  }
  if (schema.minLength !== undefined && schema.minLength > 1) {
    constraints.push(`at least ${schema.minLength} characters`);
  }
  if (schema.maxLength !== undefined) constraints.push(`at most ${schema.maxLength} characters`);
  if (schema.maxProperties !== undefined) constraints.push(`at most ${schema.maxProperties} keys`);
  if (schema.pattern) constraints.push(`matches ${schema.pattern}`);
  for (const rule of schema['x-rules'] ?? []) constraints.push(ruleText(rule));
  if (schema['x-roles']) constraints.push(fieldRolesText(schema['x-roles']));
  return constraints;
}

function enumValuesOf(schema: Schema): EnumValue[] | undefined {
  if (schema.enum) {
    return schema.enum.map((value) => ({
      value: String(value),
      description: schema['x-enum-descriptions']?.[String(value)],
    }));
  }
  const choices = schema.oneOf ?? [];
  if (choices.length > 0 && choices.every((choice) => choice.const !== undefined)) {
    return choices.map((choice) => ({
      value: String(choice.const),
      description: choice.description,
    }));
  }
  return undefined;
}

const isNullSchema = (schema: Schema) => schema.type === 'null';

function merge(into: SchemaView, from: SchemaView): SchemaView {
  return {
    ...from,
    ...into,
    types: into.types.length ? into.types : from.types,
    description: into.description ?? from.description,
    format: into.format ?? from.format,
    defaultValue: into.defaultValue ?? from.defaultValue,
    constraints: [...into.constraints, ...from.constraints],
    rules: [...(into.rules ?? []), ...(from.rules ?? [])],
    properties: { ...into.properties, ...from.properties },
    required: [...new Set([...into.required, ...from.required])],
    items: from.items ?? into.items,
    values: into.values ?? from.values,
    component: into.component ?? from.component,
  };
}

/** Folds `$ref`, `allOf`, nullable `oneOf` and `type` arrays into one plain view of a schema. */
export function viewOf(document: ApiDocument, schema: Schema): SchemaView {
  if (schema.$ref) {
    const target = viewOf(document, resolve<Schema>(document, { $ref: schema.$ref }));
    const rules = schema['x-rules'] ?? [];
    const roles = schema['x-roles'];
    return {
      ...target,
      component: schemaName(schema.$ref),
      description: schema.description ?? target.description,
      constraints: [
        ...target.constraints,
        ...rules.map((rule) => ruleText(rule)),
        ...(roles ? [fieldRolesText(roles)] : []),
      ],
      rules: [...(target.rules ?? []), ...rules],
      defaultValue: schema.default ?? target.defaultValue,
      source: schema['x-source'],
      addedIn: schema['x-added-in'],
      roles,
    };
  }
  let view: SchemaView = {
    types: [],
    nullable: false,
    format: schema.format,
    description: schema.description,
    values: enumValuesOf(schema),
    constValue: schema.const,
    defaultValue: schema.default,
    source: schema['x-source'],
    constraints: constraintsOf(schema),
    rules: schema['x-rules'] ?? [],
    properties: {},
    required: schema.required ?? [],
    items: schema.items ? viewOf(document, schema.items) : undefined,
    addedIn: schema['x-added-in'],
    roles: schema['x-roles'],
  };
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  view.types = types.filter((type) => type !== 'null');
  view.nullable = types.includes('null');
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    view.properties[name] = viewOf(document, property);
  }
  for (const part of schema.allOf ?? []) view = merge(view, viewOf(document, part));
  const choices = (schema.oneOf ?? schema.anyOf ?? []).filter((choice) => !isNullSchema(choice));
  if (choices.length < (schema.oneOf ?? schema.anyOf ?? []).length) view.nullable = true;
  if (choices.length === 1) {
    const only = viewOf(document, choices[0]!);
    view = { ...merge(view, only), nullable: view.nullable || only.nullable };
  } else if (!view.values && choices.length > 1) {
    const labels = choices.map((choice) => typeLabel(viewOf(document, choice)));
    view.types = [...new Set(labels)];
  }
  if (view.values && view.types.length === 0) view.types = ['string'];
  if (view.types.length === 0 && Object.keys(view.properties).length) view.types = ['object'];
  return view;
}

/** The type as a reader wants it: `string`, `string (date-time)`, `array of objects`. */
export function typeLabel(view: SchemaView): string {
  const base = view.types.join(' or ') || 'any';
  if (base === 'array' && view.items) {
    const item = typeLabel(view.items);
    return item === 'object' ? 'array of objects' : `array of ${item}s`;
  }
  return view.format ? `${base} (${view.format})` : base;
}

/** The children worth expanding: an object's properties, or those of an array's items. */
function childrenOf(view: SchemaView): [Record<string, SchemaView>, string[]] {
  if (Object.keys(view.properties).length) return [view.properties, view.required];
  if (view.items && Object.keys(view.items.properties).length) {
    return [view.items.properties, view.items.required];
  }
  return [{}, []];
}

/** The attributes of an object schema, nested ones included, each with its own anchor. */
export function attributesOf(
  properties: Record<string, SchemaView>,
  required: string[],
  anchorPrefix: string,
): Attribute[] {
  return Object.entries(properties).map(([name, view]) => {
    const anchor = `${anchorPrefix}-${name}`.toLowerCase();
    const [childProperties, childRequired] = childrenOf(view);
    return {
      types: view.types,
      nullable: view.nullable,
      format: view.format,
      description: view.description,
      component: view.component,
      values: view.values,
      constValue: view.constValue,
      defaultValue: view.defaultValue,
      constraints: view.constraints,
      rules: view.rules,
      addedIn: view.addedIn,
      name,
      anchor,
      type: typeLabel(view),
      required: required.includes(name),
      children: attributesOf(childProperties, childRequired, anchor),
    };
  });
}

/** The kebab-case anchor prefix of a component name: `BookingComponent` → `booking-component`. */
export function kebabCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}
