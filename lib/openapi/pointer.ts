/** Escapes one JSON Pointer segment (RFC 6901). */
export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Reads the value at a local `#/…` pointer, or throws naming the pointer. */
export function atPointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local references are supported: "${ref}".`);
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !(segment in node)) {
      throw new Error(
        `openapi/openapi.yaml: the reference "${ref}" points nowhere. Fix the $ref or add the component.`,
      );
    }
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
