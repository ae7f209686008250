import type { SchemaView } from '@/lib/openapi/schema';
import type { SandboxObject } from './model';

type Json = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** A timestamp in the documented style: UTC to the second, such as `2026-03-14T09:30:00Z`. */
export function timestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Documented metadata semantics: keys are set, and an empty string removes a key. */
export function mergeMetadata(current: unknown, changes: Json): Json {
  const merged: Json = { ...(isPlainObject(current) ? current : {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Writes the request's values onto the fields of the same name that the object has. */
export function applyBody(object: Json, body: unknown, view: SchemaView): Json {
  if (!isPlainObject(body)) return object;
  const result: Json = { ...object };
  for (const [name, value] of Object.entries(body)) {
    const property = view.properties[name];
    if (!property) continue;
    if (name === 'metadata' && isPlainObject(value)) {
      result.metadata = mergeMetadata(result.metadata, value);
    } else if (isPlainObject(value) && isPlainObject(result[name])) {
      result[name] = applyBody(result[name] as Json, value, property);
    } else {
      result[name] = structuredClone(value);
    }
  }
  return result;
}

/**
 * Clears what the example says about fields the caller could have sent but did not: their
 * documented default (the payment methods a hosted page offers, for example), else `null` or
 * `{}` where the object's schema allows it. A list without a default keeps the example's values,
 * which stand for what the API fills in.
 */
export function clearUnsent(
  object: Json,
  body: unknown,
  bodyView: SchemaView,
  view: SchemaView,
): Json {
  const sent = isPlainObject(body) ? body : {};
  const result: Json = { ...object };
  for (const [name, input] of Object.entries(bodyView.properties)) {
    const property = view.properties[name];
    if (name in sent || !property || !(name in result)) continue;
    if (input.defaultValue !== undefined) result[name] = structuredClone(input.defaultValue);
    else if (property.nullable) result[name] = null;
    else if (property.types.includes('object')) result[name] = {};
  }
  return result;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Moves every date and time of an example by the same offset, keeping their spacing. */
function shiftDates(object: Json, view: SchemaView, offsetMs: number): Json {
  const result: Json = { ...object };
  for (const [name, property] of Object.entries(view.properties)) {
    const value = result[name];
    if (typeof value !== 'string') continue;
    const time = Date.parse(value);
    if (Number.isNaN(time)) continue;
    if (property.format === 'date-time') result[name] = timestamp(time + offsetMs);
    if (property.format === 'date') {
      const days = Math.round(offsetMs / DAY_MS);
      result[name] = new Date(time + days * DAY_MS).toISOString().slice(0, 10);
    }
  }
  return result;
}

/** A new object from a documented example: fresh key, the request's values, dates from now. */
export function synthesize(options: {
  example: SandboxObject;
  view: SchemaView;
  body: unknown;
  bodyView?: SchemaView;
  keyField: string;
  key: string;
  now: number;
}): SandboxObject {
  const { example, view, body, bodyView, keyField, key, now } = options;
  const created = Date.parse(String(example.created_at ?? ''));
  const offset = Number.isNaN(created) ? 0 : now - created;
  let object: Json = shiftDates(structuredClone(example), view, offset);
  if (bodyView) object = clearUnsent(object, body, bodyView, view);
  // A new object's metadata is only what the request sends, never the example's.
  if (isPlainObject(object.metadata)) object.metadata = {};
  object = applyBody(object, body, view);
  object[keyField] = key;
  if ('created_at' in object) object.created_at = timestamp(now);
  return object as SandboxObject;
}
