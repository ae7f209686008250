// One operation of the API document as an assistant needs it: method, path, parameters, request
// and response schemas with every `$ref` resolved, errors, roles, version and a sample.
import 'server-only';
import { rolesSentence, type Access } from '@/lib/openapi/access';
import {
  loadDocument,
  parametersOf,
  resolve,
  type ApiDocument,
  type Content,
  type Response,
} from '@/lib/openapi/document';
import { accessOf } from '@/lib/openapi/operation-access';
import { endpointsOf, type Endpoint } from '@/lib/openapi/operations';
import { atPointer } from '@/lib/openapi/pointer';
import { curlSample } from '@/lib/openapi/samples/curl';
import { javascriptSample } from '@/lib/openapi/samples/javascript';
import { phpSample } from '@/lib/openapi/samples/php';
import { pythonSample } from '@/lib/openapi/samples/python';
import { sampleFor, serverOf } from '@/lib/openapi/samples/servers';
import { anchorRoute } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo/absolute-url';
import { source } from '@/lib/source';
import { ToolError } from './tool-result';

export const SAMPLE_LANGUAGES = ['curl', 'javascript', 'python', 'php'] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

/** Every operation by operationId, with the tag whose page shows it. */
let endpoints: Map<string, { endpoint: Endpoint; tag: string }> | undefined;

function endpointsById(document: ApiDocument) {
  endpoints ??= new Map(
    document.tags.flatMap((tag) =>
      endpointsOf(document, tag.name).map((endpoint) => [
        endpoint.operationId,
        { endpoint, tag: tag.name },
      ]),
    ),
  );
  return endpoints;
}

/** The schema with every `$ref` replaced by what it points to; a reference back into itself stays a `$ref`. */
function inlined(document: ApiDocument, node: unknown, within: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((entry) => inlined(document, entry, within));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    if (within.includes(ref)) return { $ref: ref, description: 'Recursive: the schema above.' };
    return inlined(document, atPointer(document, ref), [...within, ref]);
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, inlined(document, value, within)]),
  );
}

/** Who may call it, from the document's `x-roles`: the roles, the sentence the reference shows, and where from. */
function accessDetails(access: Access) {
  return {
    roles: access.roles,
    role_fields: access.fields,
    note: rolesSentence(access),
    server_side_only: access.serverSideOnly,
    sandbox_only: access.sandboxOnly,
  };
}

/** The sample of an endpoint in a language, written for this site's sandbox at `origin`. */
export function sampleOf(endpoint: Endpoint, language: SampleLanguage, origin: string): string {
  const site = serverOf('site');
  const code = {
    curl: () => curlSample(endpoint, site.baseUrl(origin)),
    javascript: () => javascriptSample(endpoint),
    python: () => pythonSample(endpoint),
    php: () => phpSample(endpoint),
  }[language]();
  return sampleFor(code, site, origin);
}

/** The operation an assistant names: by operationId (`createRefund`) or as `POST /v1/refunds`. */
export function findEndpoint(name: string) {
  const document = loadDocument();
  const all = endpointsById(document);
  const byId = all.get(name.trim());
  if (byId) return byId;
  const [method, path] = name.trim().split(/\s+/);
  const byRoute = [...all.values()].find(
    ({ endpoint }) =>
      endpoint.method === method?.toLowerCase() && endpoint.path === path?.replace(/\/+$/, ''),
  );
  if (byRoute) return byRoute;
  throw new ToolError(
    `No operation "${name}". Name it by operationId, such as createRefund, or as METHOD /path, such as POST /v1/refunds; search_docs finds endpoints.`,
  );
}

/** What an error answers, said once instead of the envelope's schema under every error status. */
const ERROR_ENVELOPE =
  'Every error answers {"error": {"type", "code", "message", "param", "request_id"}}: "errors" lists the codes this operation may answer, explain_error explains each.';

/** An operation's details, the same for every caller: worked out once per process. */
const described = new Map<string, Awaited<ReturnType<typeof describe>>>();

async function describe(endpoint: Endpoint, tag: string) {
  const document = loadDocument();
  const { operation, pathItem } = located(document, endpoint);
  const route = (await source.links()).tagPage(tag);
  const parameters = parametersOf(document, pathItem, operation);
  const body = operation.requestBody
    ? resolve<{ required?: boolean; content: Content }>(document, operation.requestBody)
    : undefined;
  const responses = Object.fromEntries(
    Object.entries(operation.responses).map(([status, reference]) => {
      const response = resolve<Response>(document, reference);
      const media = status.startsWith('2') ? response.content?.['application/json'] : undefined;
      return [
        status,
        {
          description: response.description,
          ...(media?.schema ? { schema: inlined(document, media.schema) } : {}),
          ...(media?.example !== undefined ? { example: media.example } : {}),
        },
      ];
    }),
  );
  return {
    operation_id: endpoint.operationId,
    method: endpoint.method.toUpperCase(),
    path: endpoint.path,
    summary: endpoint.summary,
    description: endpoint.description ?? '',
    page: route ? absoluteUrl(anchorRoute(route, endpoint.anchor)) : null,
    sdk_method: endpoint.sdkMethod ?? null,
    added_in: endpoint.addedIn ?? null,
    authenticated: endpoint.authenticated,
    ...accessDetails(accessOf(document, operation)),
    parameters: parameters.map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required ?? false,
      description: parameter.description ?? '',
      schema: inlined(document, parameter.schema ?? {}),
    })),
    request_body: body
      ? {
          required: body.required ?? false,
          schema: inlined(document, body.content['application/json']?.schema ?? {}),
          example: body.content['application/json']?.example ?? null,
        }
      : null,
    responses,
    errors: endpoint.errors,
    error_envelope: ERROR_ENVELOPE,
  };
}

/** Everything about one operation, with a sample in `language` for this site's sandbox. */
export async function operationDetails(name: string, language: SampleLanguage, origin: string) {
  const { endpoint, tag } = findEndpoint(name);
  let details = described.get(endpoint.operationId);
  if (!details) {
    details = await describe(endpoint, tag);
    described.set(endpoint.operationId, details);
  }
  return { ...details, sample: { language, code: sampleOf(endpoint, language, origin) } };
}

/** The operation object and path item of an endpoint. */
function located(document: ApiDocument, endpoint: Endpoint) {
  const pathItem = document.paths[endpoint.path]!;
  return { pathItem, operation: pathItem[endpoint.method]! };
}
