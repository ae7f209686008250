import type { Access } from '@/lib/openapi/access';
import { accessOf } from '@/lib/openapi/operation-access';
import { viewOf, type SchemaView } from '@/lib/openapi/schema';
import {
  HTTP_METHODS,
  parametersOf,
  resolve,
  type ApiDocument,
  type HttpMethod,
  type Operation,
  type Parameter,
  type Response,
} from '@/lib/openapi/document';

/** What an operation does to the sandbox's objects, read from its method, path and response. */
export type OperationShape =
  'token' | 'create' | 'list' | 'retrieve' | 'update' | 'delete' | 'action' | 'singleton';

export type SandboxOperation = {
  operationId: string;
  method: HttpMethod;
  path: string;
  shape: OperationShape;
  /** The `object` value of the resource it returns (of the items, for a list). */
  kind?: string;
  /** The last path parameter: the identifier of the object acted on. */
  idParam?: string;
  /** The path parameter before a sub-list or action, such as the settlement of its transactions. */
  parentParam?: string;
  successStatus: number;
  /** Whether it removes the object, answering `{ id, object, deleted: true }`. */
  deletes: boolean;
  /** Whether the operation takes an `Idempotency-Key` header (required or not). */
  idempotent: boolean;
  /** The error codes the operation documents in `x-errors`. */
  errors: string[];
  /** Which key pairs may call it: the roles of `x-roles`, and of its body fields. */
  access: Access;
  /** Query parameters that filter a list (or the lists of a one-of-a-kind object). */
  filters: ListFilter[];
  /** The JSON request body's schema, when the operation takes one. */
  body?: SchemaView;
};

/**
 * What a list's query parameter selects, as its `x-filter` declares: the field it reads (a dotted
 * path, the parameter's own name unless declared) and how it compares. A field holding a list
 * matches when the value is among its items.
 */
export type ListFilter = {
  name: string;
  field: string[];
  compare: 'equal' | 'case_insensitive' | 'before' | 'at_or_after';
};

/** A query parameter's filter, from its declaration. */
export function filterOf(parameter: Parameter): ListFilter {
  const declared = parameter['x-filter'] ?? {};
  return {
    name: parameter.name,
    field: (declared.field ?? parameter.name).split('.'),
    compare: declared.compare ?? 'equal',
  };
}

/** Query parameters of the documented cursor pagination, handled apart from filters. */
const PAGINATION_PARAMETERS = ['limit', 'starting_after', 'ending_before'];

const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

/** What an operation answers on success: its status, and the shape of what it returns. */
function successOf(document: ApiDocument, operation: Operation) {
  const [status, reference] = Object.entries(operation.responses).find(([code]) =>
    code.startsWith('2'),
  ) ?? ['200', undefined];
  const schema = reference
    ? resolve<Response>(document, reference).content?.['application/json']?.schema
    : undefined;
  return { status: Number(status), view: schema ? viewOf(document, schema) : undefined };
}

/** The kind of object a response returns, as its schema's `object` says, and whether in a list. */
function kindOf(view: SchemaView | undefined): { kind?: string; list: boolean } {
  const item = view?.properties.data?.items;
  const list = view?.properties.object?.constValue === 'list' && item !== undefined;
  const kind = (list ? item : view)?.properties.object?.constValue;
  return { kind: typeof kind === 'string' ? kind : undefined, list };
}

function shapeOf(
  method: HttpMethod,
  path: string,
  list: boolean,
  operation: Operation,
): OperationShape {
  const endsWithParam = /\}$/.test(path);
  if (operation.security?.length === 0) return 'token';
  if (list) return 'list';
  if (method === 'post' && !endsWithParam && pathParams(path).length === 0) return 'create';
  if (method === 'post') return 'action';
  if (method === 'delete') return 'delete';
  if (method === 'patch' || method === 'put') return endsWithParam ? 'update' : 'singleton';
  return endsWithParam ? 'retrieve' : 'singleton';
}

function bodyOf(document: ApiDocument, operation: Operation) {
  if (!operation.requestBody) return {};
  const schema = resolve<{ content: Record<string, { schema?: object }> }>(
    document,
    operation.requestBody,
  ).content['application/json']?.schema;
  return { body: schema ? viewOf(document, schema) : undefined };
}

/** Every operation of the document, classified for the sandbox. */
export function sandboxOperations(document: ApiDocument): SandboxOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      const success = successOf(document, operation);
      const { kind, list } = kindOf(success.view);
      const parameters = parametersOf(document, item, operation);
      const params = pathParams(path);
      const shape = shapeOf(method, path, list, operation);
      const endsWithParam = /\}$/.test(path);
      return [
        {
          operationId: operation.operationId,
          method,
          path,
          shape,
          kind,
          idParam: endsWithParam ? params.at(-1) : shape === 'action' ? params.at(-1) : undefined,
          parentParam: !endsWithParam && shape === 'list' ? params.at(-1) : undefined,
          successStatus: success.status,
          deletes: success.view?.properties.deleted !== undefined,
          idempotent: parameters.some(
            (parameter) =>
              parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key',
          ),
          errors: operation['x-errors'] ?? [],
          access: accessOf(document, operation),
          filters: parameters
            .filter(
              (parameter) =>
                parameter.in === 'query' && !PAGINATION_PARAMETERS.includes(parameter.name),
            )
            .map(filterOf),
          ...bodyOf(document, operation),
        },
      ];
    }),
  );
}
