// Reads the operations of one tag into the endpoint sections of a reference page.
import { headingIds } from '@/lib/mdx/headings';
import {
  HTTP_METHODS,
  parametersOf,
  resolve,
  schemaName,
  type ApiDocument,
  type HttpMethod,
  type Operation,
  type Parameter,
  type PathItem,
  type Response,
} from './document';
import { attributesOf, viewOf, type Attribute, type SchemaView } from './schema';

export type ErrorCodeEntry = { code: string; status: number; type: string; description: string };

export type Endpoint = {
  operationId: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  /** The SDK call, such as `refunds.create`. */
  sdkMethod?: string;
  /** The API version that added it, when later than the first. */
  addedIn?: string;
  /** The anchor of its section on its page. */
  anchor: string;
  authenticated: boolean;
  parameters: { path: Parameter[]; query: Parameter[]; header: Parameter[] };
  parameterAttributes: { path: Attribute[]; query: Attribute[]; header: Attribute[] };
  bodyAttributes: Attribute[];
  requestExample?: unknown;
  /** Body fields that must lie in the future, which the samples write relative to now. */
  futureFields: { name: string; date: boolean }[];
  response: { status: string; description: string; example?: unknown; schemaName?: string };
  errors: ErrorCodeEntry[];
};

/** Every code of the error catalogue with its HTTP status and type. */
export function errorCatalogue(document: ApiDocument): ErrorCodeEntry[] {
  return (document.components.schemas.ErrorCode?.oneOf ?? []).map((entry) => ({
    code: String(entry.const),
    status: entry['x-status'] ?? 0,
    type: entry['x-type'] ?? '',
    description: entry.description ?? '',
  }));
}

function parameterAttributes(parameters: Parameter[], document: ApiDocument, prefix: string) {
  const properties: Record<string, SchemaView> = {};
  for (const parameter of parameters) {
    const view = viewOf(document, parameter.schema ?? {});
    properties[parameter.name] = {
      ...view,
      description: parameter.description ?? view.description,
      addedIn: parameter['x-added-in'] ?? view.addedIn,
    };
  }
  const required = parameters.filter((parameter) => parameter.required).map(({ name }) => name);
  return attributesOf(properties, required, prefix);
}

function successOf(operation: Operation, document: ApiDocument) {
  const [status, reference] = Object.entries(operation.responses).find(([code]) =>
    code.startsWith('2'),
  ) ?? ['200', { description: '' }];
  const response = resolve<Response>(document, reference);
  const media = response.content?.['application/json'];
  const ref = media?.schema?.$ref;
  return {
    status,
    description: response.description,
    example: media?.example,
    schemaName: ref ? schemaName(ref) : undefined,
  };
}

/** One endpoint section of a page, read from its path item and operation. */
function endpointOf(
  document: ApiDocument,
  path: string,
  method: HttpMethod,
  item: PathItem,
  operation: Operation,
  anchor: string,
  catalogue: ErrorCodeEntry[],
): Endpoint {
  const parameters = parametersOf(document, item, operation);
  const byLocation = (location: Parameter['in']) => parameters.filter((p) => p.in === location);
  const grouped = {
    path: byLocation('path'),
    query: byLocation('query'),
    header: byLocation('header'),
  };
  const body = operation.requestBody
    ? resolve<{ content: Record<string, { schema?: object; example?: unknown }> }>(
        document,
        operation.requestBody,
      ).content['application/json']
    : undefined;
  const bodyView = body?.schema ? viewOf(document, body.schema) : undefined;
  return {
    operationId: operation.operationId,
    method,
    path,
    summary: operation.summary,
    description: operation.description,
    sdkMethod: operation['x-sdk-method'],
    addedIn: operation['x-added-in'],
    anchor,
    authenticated: !(operation.security && operation.security.length === 0),
    parameters: grouped,
    parameterAttributes: {
      path: parameterAttributes(grouped.path, document, anchor),
      query: parameterAttributes(grouped.query, document, anchor),
      header: parameterAttributes(grouped.header, document, anchor),
    },
    bodyAttributes: bodyView ? attributesOf(bodyView.properties, bodyView.required, anchor) : [],
    requestExample: body?.example,
    futureFields: Object.entries(bodyView?.properties ?? {})
      .filter(([, field]) => field.rules?.some((rule) => rule.kind === 'future'))
      .map(([name, field]) => ({ name, date: field.format === 'date' })),
    response: successOf(operation, document),
    errors: (operation['x-errors'] ?? []).map((code) => {
      const entry = catalogue.find((candidate) => candidate.code === code);
      if (!entry) {
        throw new Error(
          `openapi/openapi.yaml: ${operation.operationId} lists the error code "${code}", which is not in components.schemas.ErrorCode. Add it there or remove it.`,
        );
      }
      return entry;
    }),
  };
}

/** The operations of a tag, in document order, each with the anchor its section heading gets. */
export function endpointsOf(
  document: ApiDocument,
  tag: string,
  items = document.paths,
): Endpoint[] {
  const catalogue = errorCatalogue(document);
  const idOf = headingIds();
  const endpoints: Endpoint[] = [];
  for (const [path, item] of Object.entries(items)) {
    // Document order: each path's operations in the order they are written.
    for (const method of Object.keys(item).filter(isHttpMethod)) {
      const operation = item[method];
      if (!operation?.tags?.includes(tag)) continue;
      const anchor = idOf(operation.summary);
      endpoints.push(endpointOf(document, path, method, item, operation, anchor, catalogue));
    }
  }
  return endpoints;
}

function isHttpMethod(key: string): key is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(key);
}

/** Every operation of the document, for checks that span all pages. */
/** One static param per operation, for the routes built once per operation. */
export function operationParams(document: ApiDocument): { operationId: string }[] {
  return allOperations(document).map(({ operation }) => ({ operationId: operation.operationId }));
}

export function allOperations(
  document: ApiDocument,
): { method: HttpMethod; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) =>
      item[method] ? [{ method, path, operation: item[method] }] : [],
    ),
  );
}
