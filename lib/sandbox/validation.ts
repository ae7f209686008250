import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import type { ApiDocument } from '@/lib/openapi/document';
import { SandboxError } from './errors';
import { paramOf, requestProblems } from './validation-messages';

export type ValidRequest = {
  operationId: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
};

export type IncomingRequest = {
  method: string;
  /** The API path, such as `/v1/charges/ch_3MtwBwLk`. */
  path: string;
  query: string;
  headers: Record<string, string>;
  body: unknown;
};

/** Routes and validates requests against the document with openapi-backend and Ajv. */
export type RequestValidator = {
  /** The operationId a method and path call, or the documented 404. */
  route(request: Pick<IncomingRequest, 'method' | 'path'>): string;
  /** Validates a request; errors about the `optional` parameters (by documented name) are ignored. */
  validate(request: IncomingRequest, optional?: string[]): ValidRequest;
};

// Ajv reports headers in lower case; errors name them as the document spells them.
function headerNames(api: OpenAPIBackend): Map<string, string> {
  const names = new Map<string, string>();
  for (const operation of api.getOperations()) {
    for (const parameter of (operation.parameters ?? []) as { in: string; name: string }[]) {
      if (parameter.in === 'header') names.set(parameter.name.toLowerCase(), parameter.name);
    }
  }
  return names;
}

/** The methods the document's operations use, in the order an `Allow` header lists them. */
const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** How requests are checked: types coerced as a query string needs, every error reported. */
export const VALIDATION_OPTIONS = {
  quick: true,
  coerceTypes: true,
  ajvOpts: { allErrors: true, strict: false },
} as const;

/** Builds the validator for a document, loaded in openapi-backend's quick mode (the document is 3.1). */
export function createValidator(document: ApiDocument): RequestValidator {
  const api = new OpenAPIBackend({
    definition: structuredClone(document) as unknown as Document,
    ...VALIDATION_OPTIONS,
    customizeAjv: (ajv) => addFormats(ajv),
  });
  // Quick mode dereferences an object synchronously, so the instance is ready at once.
  void api.init();
  const headers = headerNames(api);
  const operationOf = (method: string, path: string) =>
    api.router.matchOperation({ method, path, headers: {} });
  const match = (request: Pick<IncomingRequest, 'method' | 'path'>) => {
    const operation = operationOf(request.method, request.path);
    if (operation) return operation;
    const methods = API_METHODS.filter((method) => operationOf(method, request.path));
    if (methods.length === 0) {
      throw new SandboxError(
        'resource_missing',
        `Unrecognised request: ${request.method} ${request.path}. See the API reference for the paths and methods.`,
      );
    }
    // The sandbox answers HEAD wherever it answers GET.
    const allowed = methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
    throw new SandboxError(
      'parameter_invalid',
      `${request.path} takes ${allowed.join(', ')}, not ${request.method}. See the API reference for its operations.`,
      null,
      { Allow: allowed.join(', ') },
      405,
    );
  };
  return {
    route: (request) => match(request).operationId!,
    validate(request, optional = []) {
      const operation = match(request);
      const result = api.validator.validateRequest(request, operation);
      const errors = (result.errors ?? []).filter(
        (error) => !optional.includes(paramOf(error, headers) ?? ''),
      );
      const [problem] = requestProblems(errors, headers);
      if (problem) throw new SandboxError(problem.code, problem.message, problem.param);
      const parsed = api.router.parseRequest(result.coerced ?? request, operation);
      return {
        operationId: operation.operationId!,
        params: parsed.params as Record<string, string>,
        query: (result.coerced?.query ?? parsed.query) as Record<string, unknown>,
        body: request.body,
      };
    },
  };
}
