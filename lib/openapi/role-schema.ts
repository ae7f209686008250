// The shape of `x-roles`, the one place the document says which key pairs may make a request: on
// every operation, the roles any one of which may (`any` for every role), and on a request body
// field, the roles one of which must also be held to send it. Checked when the document is loaded.
import { z } from 'zod';
import type { ApiDocument, Operation } from './document';
import { HTTP_METHODS } from './http-methods';

const RoleList = z.array(z.string().min(1)).min(1);
export const OperationRolesSchema = z.union([z.literal('any'), RoleList]);
export type OperationRoles = z.infer<typeof OperationRolesSchema>;

/** Every operation of the document's paths, with where it is, for the messages. */
function operationsOf(
  document: ApiDocument,
): { where: string; operation: Operation; pointer: string }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      return [
        {
          where: `${method.toUpperCase()} ${path} (${operation.operationId})`,
          operation,
          pointer: `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}`,
        },
      ];
    }),
  );
}

/** The roles a key pair can have: the `ApiKeyRole` enum, which the API keys resource documents. */
export function documentedRoles(document: ApiDocument): string[] {
  const schema = document.components.schemas.ApiKeyRole;
  if (!schema?.enum?.length) {
    throw new Error(
      'openapi/openapi.yaml: #/components/schemas/ApiKeyRole must list the roles a key pair can have in its enum.',
    );
  }
  return schema.enum.map(String);
}

/** Every `x-roles` of a body field, by JSON pointer, found by walking the operations' request bodies. */
function fieldRoleLists(document: ApiDocument): [string, unknown][] {
  const found: [string, unknown][] = [];
  const walk = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'x-roles') found.push([`${pointer}/x-roles`, child]);
      else walk(child, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    }
  };
  for (const { operation, pointer } of operationsOf(document)) {
    walk(operation.requestBody, `${pointer}/requestBody`);
  }
  return found;
}

/**
 * What is wrong with the document's `x-roles`: an operation without them, a malformed value or a
 * role `ApiKeyRole` does not list, each naming where and how to fix it.
 */
export function roleProblems(document: ApiDocument): string[] {
  const known = documentedRoles(document);
  const unknown = (roles: string[], where: string) => {
    const role = roles.find((candidate) => !known.includes(candidate));
    return role ? [`${where} names the role ${role}, which ApiKeyRole lacks`] : [];
  };
  const problems = operationsOf(document).flatMap(({ where, operation }) => {
    const roles = OperationRolesSchema.safeParse(operation['x-roles']);
    if (!roles.success) {
      return [
        `${where} needs x-roles: the roles any one of which may call it, such as [agent], or any for every role`,
      ];
    }
    return roles.data === 'any' ? [] : unknown(roles.data, where);
  });
  for (const [pointer, value] of fieldRoleLists(document)) {
    const roles = RoleList.safeParse(value);
    if (!roles.success) problems.push(`${pointer} must list one or more roles, such as [finance]`);
    else problems.push(...unknown(roles.data, pointer));
  }
  return problems;
}
