// Objects that no request body describes, built from the sources their schema declares.
import { construct } from '../construct';
import type { Json, SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';

/**
 * A new object of a kind that no request body describes, such as the charge a hosted page
 * creates: every property from its declared source, the derived and lifecycle ones as `fields`
 * give them.
 */
export function newObject(context: SandboxContext, kind: string, fields: Json): SandboxObject {
  return construct(context.model, kind, {
    given: fields,
    key: context.newId(kind),
    now: context.now,
  });
}
