// Builds a new object from the document's declared sources of its properties (`x-source`):
// the request's values or their stated defaults, the constant, a fresh ID and time. Derived and
// lifecycle fields are what the caller gives, worked out by the kind's machine; no example value
// ever reaches an object.
import { lifecycles } from '@/lib/openapi/lifecycles';
import type { SchemaView } from '@/lib/openapi/schema';
import type { Json } from './machines/types';
import type { SandboxModel, SandboxObject } from './model';
import { timestamp } from './time';

type Construction = {
  /** The request body, for the properties whose source is the request. */
  request?: Json;
  /** Values worked out for derived, lifecycle or generated properties (and a request's own). */
  given?: Json;
  /** The object's key: its ID, or the code of a currency. */
  key: string;
  now: number;
};

/** What a property holds when nothing set it: `null`, or an empty object or list. */
function empty(property: SchemaView): unknown {
  if (property.nullable) return null;
  if (property.types.includes('object')) return {};
  if (property.types.includes('array')) return [];
  return undefined;
}

/** The status every object of a kind is created in, when its lifecycle's create rows agree. */
function createdStatus(model: SandboxModel, kind: string): string | undefined {
  const rows = lifecycles(model.document)
    .get(kind)
    ?.rows.filter((row) => row.request === 'create' && !row.from);
  const statuses = new Set(rows?.map((row) => row.to));
  return statuses.size === 1 ? [...statuses][0] : undefined;
}

/** The create request's body schema of a kind, whose fields state their defaults. */
function requestViewOf(model: SandboxModel, kind: string): SchemaView | undefined {
  for (const operation of model.operations.values()) {
    if (operation.shape === 'create' && operation.kind === kind) return operation.body;
  }
  return undefined;
}

/** A property's value from the request: as sent, else its stated default, else empty. */
function fromRequest(name: string, request: Json, requestView: SchemaView | undefined) {
  if (request[name] !== undefined) return structuredClone(request[name]);
  const stated = requestView?.properties[name]?.defaultValue;
  return stated === undefined ? undefined : structuredClone(stated);
}

/**
 * A new object of `kind`, each property from its declared source. A property its source leaves
 * unset stays `undefined` for the machine to derive; `requireComplete` then holds it to that.
 */
export function construct(
  model: SandboxModel,
  kind: string,
  { request = {}, given = {}, key, now }: Construction,
): SandboxObject {
  const view = model.views.get(kind);
  if (!view) throw new Error(`openapi/openapi.yaml documents no ${kind} object.`);
  const requestView = requestViewOf(model, kind);
  const keyField = model.keys.get(kind) ?? 'id';
  const object: Json = {};
  for (const [name, property] of Object.entries(view.properties)) {
    let value: unknown;
    if (name in given) value = structuredClone(given[name]);
    else if (property.source === 'constant') value = property.constValue;
    else if (name === keyField) value = key;
    else if (name === 'created_at') value = timestamp(now);
    else if (property.source === 'request') value = fromRequest(name, request, requestView);
    else if (name === 'status' && property.source === 'lifecycle')
      value = createdStatus(model, kind);
    // A derived field is the machine's to work out, even when it may be null.
    object[name] = value === undefined && property.source !== 'derived' ? empty(property) : value;
  }
  return object as SandboxObject;
}

/**
 * Refuses an object with a property nothing set: a derivation its machine does not make is a
 * defect of the sandbox, named with where the document says the value comes from.
 */
export function requireComplete(model: SandboxModel, object: SandboxObject): SandboxObject {
  // The sandbox's own bookkeeping, such as a booking's reserved funds, is no API object.
  const view = model.views.get(object.object);
  if (!view) return object;
  const unset = Object.entries(view.properties)
    .filter(([name]) => object[name] === undefined)
    .map(([name, property]) => `${name} (x-source ${property.source})`);
  if (unset.length > 0) {
    throw new Error(`The sandbox made a ${object.object} without ${unset.join(', ')}.`);
  }
  return object;
}
