// Each resource's lifecycle as the document declares it in `x-lifecycle`: the sandbox runs it
// (lib/sandbox/lifecycle.ts), the resource pages render it, and the tests walk it.
import type { ApiDocument, Schema } from './document';
import type { Lifecycle, LifecycleRow } from './lifecycle-schema';
import { atPointer } from './pointer';

export type { Lifecycle, LifecycleRow } from './lifecycle-schema';

/** A resource's lifecycle, with the statuses its schema allows. */
export type ResourceLifecycle = Lifecycle & {
  kind: string;
  schema: string;
  statuses: string[];
};

function kindOf(schema: Schema): string | undefined {
  const object = schema.properties?.object;
  const kind = object?.const ?? object?.enum?.[0];
  return typeof kind === 'string' ? kind : undefined;
}

function statusesOf(document: ApiDocument, schema: Schema): string[] {
  const status = schema.properties?.status;
  const values = status?.$ref ? (atPointer(document, status.$ref) as Schema).enum : status?.enum;
  return (values ?? []) as string[];
}

const cache = new WeakMap<ApiDocument, Map<string, ResourceLifecycle>>();

/** Every declared lifecycle of the document, by the kind of object (`charge`). */
export function lifecycles(document: ApiDocument): Map<string, ResourceLifecycle> {
  const known = cache.get(document);
  if (known) return known;
  const found = new Map<string, ResourceLifecycle>();
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    const lifecycle = schema['x-lifecycle'];
    const kind = kindOf(schema);
    if (!lifecycle || !kind) continue;
    found.set(kind, {
      ...lifecycle,
      kind,
      schema: name,
      statuses: statusesOf(document, schema),
    });
  }
  cache.set(document, found);
  return found;
}

/** What moves an object along a row, as the table and the diagram say it. */
export function triggerText(row: LifecycleRow): string {
  if (row.request === 'create') return 'Create';
  if (row.request === 'delete') return 'Delete';
  if (row.request) return row.request.charAt(0).toUpperCase() + row.request.slice(1);
  if (row.time) return `\`${row.time}\` passes`;
  return row.outside!.charAt(0).toUpperCase() + row.outside!.slice(1);
}

/** The rows a request can take an object along from its status. */
export function rowsFrom(lifecycle: Lifecycle, request: string, status: string): LifecycleRow[] {
  return lifecycle.rows.filter((row) => row.request === request && row.from?.includes(status));
}

/** Whether the lifecycle says anything of a request other than create. */
export function governs(lifecycle: Lifecycle, request: string): boolean {
  return lifecycle.rows.some((row) => row.request === request && row.from);
}

/** The documented error for a request from a status no row starts it from. */
export function refusalOf(
  lifecycle: Lifecycle,
  request: string,
  status: string,
): string | undefined {
  const refusal = lifecycle.refusals?.[request];
  return typeof refusal === 'string' ? refusal : refusal?.[status];
}

/** The name of a kind's collection: `payment_link` → `payment_links`, `beneficiary` → `beneficiaries`. */
export function collectionOf(kind: string): string {
  return /[^aeiou]y$/.test(kind) ? `${kind.slice(0, -1)}ies` : `${kind}s`;
}

/** The collection a kind's requests are made on: `payment_link` → `payment_links`, `ecommerce/orders`. */
function isCollectionOf(path: string, kind: string): boolean {
  const segments = path.replace(/^\/v1\/(test_helpers\/)?/, '').split('/');
  return segments.join('_') === collectionOf(kind);
}

/** The operation a request row names: create on the collection, delete or an action on one object. */
export function requestOperation(document: ApiDocument, kind: string, request: string) {
  for (const [path, item] of Object.entries(document.paths)) {
    const match = /^(.*)\/\{[a-z_]+\}(?:\/([a-z_]+))?$/.exec(path);
    if (request === 'create' && isCollectionOf(path, kind)) return item.post?.operationId;
    if (!match || !isCollectionOf(match[1]!, kind)) continue;
    if (request === 'delete' && !match[2]) return item.delete?.operationId;
    if (match[2] === request) return item.post?.operationId;
  }
  return undefined;
}

/** What in a lifecycle names something the document does not have, in words that say where. */
export function lifecycleProblems(document: ApiDocument): string[] {
  const events = new Set(Object.keys(document.webhooks ?? {}));
  const problems: string[] = [];
  for (const lifecycle of lifecycles(document).values()) {
    const where = `#/components/schemas/${lifecycle.schema}/x-lifecycle`;
    const schema = document.components.schemas[lifecycle.schema]!;
    const statuses = new Set(lifecycle.statuses);
    lifecycle.rows.forEach((row, index) => {
      for (const status of [...(row.from ?? []), row.to]) {
        if (!statuses.has(status)) problems.push(`${where}/rows/${index}: no status ${status}`);
      }
      for (const event of row.events ?? []) {
        if (!events.has(event)) problems.push(`${where}/rows/${index}: no webhook ${event}`);
      }
      if (row.time && !schema.properties?.[row.time]) {
        problems.push(`${where}/rows/${index}: no field ${row.time}`);
      }
    });
    for (const [segment, { statuses: readable }] of Object.entries(lifecycle.reads ?? {})) {
      for (const status of readable) {
        if (!statuses.has(status)) problems.push(`${where}/reads/${segment}: no status ${status}`);
      }
    }
    for (const [request, refusal] of Object.entries(lifecycle.refusals ?? {})) {
      if (!governs(lifecycle, request)) problems.push(`${where}/refusals/${request}: no row`);
      if (typeof refusal === 'object') {
        for (const status of Object.keys(refusal)) {
          if (!statuses.has(status))
            problems.push(`${where}/refusals/${request}: no status ${status}`);
        }
      }
    }
  }
  return problems;
}
