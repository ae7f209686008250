// The documented example request of an operation, as the console and the flows start from.
import 'server-only';
import type { ApiDocument } from '@/lib/openapi/document';
import { endpointsOf, type Endpoint } from '@/lib/openapi/operations';
import { sampleQuery } from '@/lib/openapi/samples/values';
import { findOperation } from '@/lib/openapi/test-scenarios';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import type { RequestValues } from './spec';

/** The endpoint of an operationId, with the anchor of its section on its tag's page. */
export function endpointOf(document: ApiDocument, operationId: string): Endpoint {
  const located = findOperation(document, operationId);
  const tag = located?.operation.tags?.[0];
  const endpoint = tag && endpointsOf(document, tag).find((e) => e.operationId === operationId);
  if (!endpoint) {
    throw new Error(
      `openapi/openapi.yaml has no operation "${operationId}" under a tag. Fix the name in lib/console or the document.`,
    );
  }
  return endpoint;
}

const stringValues = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));

/** The documented example request: path, query and required header examples, and the body. */
export function exampleRequest(endpoint: Endpoint): RequestValues {
  const { parameters } = endpoint;
  const item = (endpoint.response.example ?? {}) as { data?: Record<string, unknown>[] };
  const shown = (item.data?.[0] ?? item) as Record<string, unknown>;
  const query = { ...sampleQuery(endpoint) };
  for (const parameter of parameters.query.filter((p) => p.required && !(p.name in query))) {
    query[parameter.name] = parameter.example ?? shown[parameter.name];
  }
  return {
    path: stringValues(Object.fromEntries(parameters.path.map((p) => [p.name, p.example ?? '']))),
    query: stringValues(query),
    headers: stringValues(
      Object.fromEntries(
        parameters.header.filter((p) => p.required).map((p) => [p.name, p.example ?? '']),
      ),
    ),
    // The token request shows the sandbox's own public key pair, so it succeeds as it is.
    body: endpoint.authenticated
      ? endpoint.requestExample
      : { public_key: SANDBOX_KEY_PAIR.publicKey, private_key: SANDBOX_KEY_PAIR.privateKey },
  };
}
