// An update's request applied to the object it changes.
import type { SchemaView } from '@/lib/openapi/schema';

type Json = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);

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
