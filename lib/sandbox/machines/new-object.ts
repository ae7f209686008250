import { freshId } from '../ids';
import type { SandboxObject } from '../model';
import { synthesize } from '../synthesis';
import type { Json, SandboxContext } from './types';

/**
 * A new object of a kind that no request body describes, such as the charge a hosted page
 * creates: the documented example of its create operation (or its first example), with a fresh
 * ID, dates from now and these fields.
 */
export function newObject(context: SandboxContext, kind: string, fields: Json): SandboxObject {
  const { model } = context;
  const create = [...model.operations.values()].find(
    (operation) => operation.shape === 'create' && operation.kind === kind,
  );
  const example = (create?.example ?? model.examples.get(kind)?.[0]) as SandboxObject | undefined;
  const view = model.views.get(kind);
  if (!example || !view) {
    throw new Error(`openapi/openapi.yaml documents no example of a ${kind}; add one.`);
  }
  const object = synthesize({
    example,
    view,
    body: {},
    keyField: 'id',
    key: freshId(model.prefixOfKind.get(kind) ?? ''),
    now: context.now,
  });
  return Object.assign(object, fields);
}
