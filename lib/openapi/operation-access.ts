// Who may call each operation, read from its `x-roles`, its body fields' `x-roles` and the
// document's `x-server-side-only`: the reference marks it, the console, the MCP server and the
// sandbox read it.
import type { Access } from './access';
import { HTTP_METHODS, resolve, type ApiDocument, type Content, type Operation } from './document';
import { documentedRoles, OperationRolesSchema } from './role-schema';
import { viewOf } from './schema';

/** The view of an operation's JSON request body, when it takes one. */
function bodyViewOf(document: ApiDocument, operation: Operation) {
  if (!operation.requestBody) return undefined;
  const body = resolve<{ content: Content }>(document, operation.requestBody);
  const schema = body.content['application/json']?.schema;
  return schema ? viewOf(document, schema) : undefined;
}

/** Which key pairs may call an operation of the document's paths, and from where. */
export function accessOf(document: ApiDocument, operation: Operation): Access {
  const declared = OperationRolesSchema.parse(operation['x-roles']);
  const body = bodyViewOf(document, operation);
  return {
    roles: declared === 'any' ? documentedRoles(document) : declared,
    anyRole: declared === 'any',
    fields: Object.entries(body?.properties ?? {}).flatMap(([field, view]) =>
      view.roles ? [{ field, roles: view.roles }] : [],
    ),
    serverSideOnly: document['x-server-side-only'] === true,
    sandboxOnly: (operation['x-errors'] ?? []).includes('sandbox_only'),
  };
}

/** Who may call the operation with this operationId, or undefined when the document lacks it. */
export function accessOfOperation(document: ApiDocument, operationId: string): Access | undefined {
  for (const item of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation?.operationId === operationId) return accessOf(document, operation);
    }
  }
  return undefined;
}
