import { allOperations } from '@/lib/openapi/operations';
import type { ApiDocument } from '@/lib/openapi/document';

/** How an SDK calls one operation, by its `x-sdk-method` (`charges.create`). */
export type SdkOperation = {
  /** HTTP method, upper case. */
  method: string;
  /** The path under the base URL, with `{name}` placeholders, such as `/v1/charges/{id}`. */
  path: string;
  /** The placeholders of `path`, in order: the method's leading positional arguments. */
  pathParams: string[];
  /** Whether its fields go in the query string (GET, DELETE) rather than a JSON body. */
  query: boolean;
  /** A list: its answer is a page (`data`, `has_more`), which the SDKs iterate across pages. */
  list: boolean;
  /** Whether it takes an `Idempotency-Key` (every POST but the token request). */
  idempotent: boolean;
  /** Whether it is called without a token: only the token request. */
  public: boolean;
};

/** What every SDK is made from: the API version it speaks and its operations by SDK method. */
export type SdkOperationTable = {
  apiVersion: string;
  operations: Record<string, SdkOperation>;
};

const placeholders = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

/** Whether a success answer of the operation is a page of a list (a `ListEnvelope`). */
function answersPage(document: ApiDocument, responses: Record<string, unknown>): boolean {
  const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
  const schema = (success as { content?: Record<string, { schema?: { $ref?: string } }> })
    ?.content?.['application/json']?.schema;
  const resolved = schema?.$ref
    ? document.components.schemas[schema.$ref.split('/').at(-1)!]
    : schema;
  return JSON.stringify(resolved ?? {}).includes('#/components/schemas/ListEnvelope');
}

/**
 * The operation table the three SDKs are generated from: one entry per `x-sdk-method`, so a
 * method exists in a library exactly when the document has it. Fails on a missing or repeated name.
 */
export function sdkOperationTable(document: ApiDocument): SdkOperationTable {
  const operations: Record<string, SdkOperation> = {};
  for (const { method, path, operation } of allOperations(document)) {
    const name = operation['x-sdk-method'];
    if (!name) {
      throw new Error(
        `openapi/openapi.yaml: ${operation.operationId} has no x-sdk-method. Add one.`,
      );
    }
    if (operations[name]) {
      throw new Error(`openapi/openapi.yaml: x-sdk-method ${name} names two operations.`);
    }
    const upper = method.toUpperCase();
    operations[name] = {
      method: upper,
      path,
      pathParams: placeholders(path),
      query: upper === 'GET' || upper === 'DELETE',
      list: upper === 'GET' && answersPage(document, operation.responses),
      idempotent: upper === 'POST' && !(operation.security && operation.security.length === 0),
      public: Boolean(operation.security && operation.security.length === 0),
    };
  }
  return { apiVersion: document.info.version, operations };
}
