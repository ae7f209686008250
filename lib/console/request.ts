// A console request as it goes over the wire, built from the values of its form.
import { sandboxRoute } from '@/lib/routes';
import type { RequestValues } from './spec';

/** Exactly what is sent, apart from the bearer token. */
export type WireRequest = {
  method: string;
  /** The site path with its query string, such as `/sandbox/v1/charges?limit=3`. */
  url: string;
  headers: [string, string][];
  /** The body's text, as sent. */
  body?: string;
};

/** The documented path with each `{param}` filled in. */
export function filledPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
}

const present = (values: Record<string, string>) =>
  Object.entries(values).filter(([, value]) => value !== '');

/**
 * The request for these values. The body goes as written in the JSON view when there is one
 * (so what was typed is what is sent), else as the form's value, pretty-printed.
 */
export function wireRequest(
  method: string,
  template: string,
  values: RequestValues,
  bodyText?: string,
): WireRequest {
  const query = new URLSearchParams(present(values.query)).toString();
  const body =
    bodyText ?? (values.body === undefined ? undefined : JSON.stringify(values.body, null, 2));
  const headers = present(values.headers);
  if (body !== undefined) headers.push(['Content-Type', 'application/json']);
  return {
    method,
    url: sandboxRoute(filledPath(template, values.path)) + (query ? `?${query}` : ''),
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}

/** Reads a dot path such as `data.0.id` from a JSON value. */
export function valueAt(root: unknown, path: string): unknown {
  let current = root;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `root` with `value` at the dot path, creating objects on the way. */
export function withValueAt(root: unknown, path: string[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const base =
    root && typeof root === 'object'
      ? Array.isArray(root)
        ? [...(root as unknown[])]
        : { ...(root as Record<string, unknown>) }
      : /^\d+$/.test(key)
        ? []
        : {};
  const container = base as Record<string, unknown>;
  const next = withValueAt(container[key], rest, value);
  if (next === undefined && !Array.isArray(base)) delete container[key];
  else container[key] = next;
  return base;
}

/**
 * The values with one placed at `where`: `path.id`, `query.limit`, `headers.Kestrel-Version`
 * or a body dot path such as `body.evidence.explanation`.
 */
export function setValue(values: RequestValues, where: string, value: unknown): RequestValues {
  const [place, ...rest] = where.split('.');
  if (place === 'body') return { ...values, body: withValueAt(values.body, rest, value) };
  if (place === 'path' || place === 'query' || place === 'headers') {
    return { ...values, [place]: { ...values[place], [rest.join('.')]: String(value ?? '') } };
  }
  throw new Error(
    `"${where}" names no part of a request: start it with path, query, headers or body.`,
  );
}
