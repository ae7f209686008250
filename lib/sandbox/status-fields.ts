import type { SandboxModel, SandboxObject } from './model';

const isPlainObject = (value: unknown) =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Fields a request can set on a kind of object: the status never decides those. */
function settableFields(model: SandboxModel, kind: string): Set<string> {
  const fields = new Set<string>();
  for (const operation of model.operations.values()) {
    if (operation.kind === kind)
      Object.keys(operation.body?.properties ?? {}).forEach((name) => fields.add(name));
  }
  return fields;
}

/**
 * Sets the nested fields an object has only in some statuses as a documented example in its
 * current status shows them: the `next_action` of a charge waiting for 3-D Secure appears with
 * `requires_action` and goes once it succeeds. The example's own ID inside a value becomes the
 * object's. Fields a request sets are left alone.
 */
export function fillStatusFields(object: SandboxObject, model: SandboxModel): void {
  const example = model.examples
    .get(object.object)
    ?.find((candidate) => candidate.status === object.status);
  if (!example) return;
  const settable = settableFields(model, object.object);
  const properties = model.views.get(object.object)?.properties ?? {};
  for (const name of Object.keys(properties)) {
    if (settable.has(name)) continue;
    const value = example[name] ?? null;
    if (value === null && isPlainObject(object[name])) object[name] = null;
    if (isPlainObject(value) && (object[name] ?? null) === null) {
      object[name] = JSON.parse(
        JSON.stringify(value).replaceAll(String(example.id), String(object.id)),
      );
    }
  }
}
