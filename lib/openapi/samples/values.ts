import type { Endpoint } from '../operations';

/** The path with each `{param}` replaced by the parameter's example. */
export function filledPath(endpoint: Endpoint): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = endpoint.parameters.path.find((candidate) => candidate.name === name);
    if (parameter?.example === undefined) {
      throw new Error(
        `openapi/openapi.yaml: the path parameter "${name}" of ${endpoint.operationId} has no example. Add one; code samples use it.`,
      );
    }
    return encodeURIComponent(String(parameter.example));
  });
}

/** The query parameters that have an example, as the samples send them. */
export function sampleQuery(endpoint: Endpoint): Record<string, unknown> {
  return Object.fromEntries(
    endpoint.parameters.query
      .filter((parameter) => parameter.example !== undefined)
      .map((parameter) => [parameter.name, parameter.example]),
  );
}

/** The example path values in path order, the SDKs' positional arguments. */
export function pathArguments(endpoint: Endpoint): string[] {
  return [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) =>
    String(endpoint.parameters.path.find((parameter) => parameter.name === name)?.example ?? ''),
  );
}

/** The path with example path values and the example query string. */
export function samplePath(endpoint: Endpoint): string {
  const query = new URLSearchParams(
    Object.entries(sampleQuery(endpoint)).map(([name, value]) => [name, String(value)]),
  ).toString();
  return query ? `${filledPath(endpoint)}?${query}` : filledPath(endpoint);
}

/** The example `Idempotency-Key`, when the endpoint creates something. */
export function idempotencyKey(endpoint: Endpoint): string | undefined {
  const header = endpoint.parameters.header.find(
    (parameter) => parameter.name === 'Idempotency-Key',
  );
  return header ? String(header.example ?? '') : undefined;
}

/** The name a sample gives the result: `Refund` → `refund`, and a list is a `page`. */
export function resultName(endpoint: Endpoint): string | undefined {
  const name = endpoint.response.schemaName;
  if (!name) return undefined;
  return name.endsWith('List') ? 'page' : name.charAt(0).toLowerCase() + name.slice(1);
}
