import { lifecycles } from '@/lib/openapi/lifecycles';
import { webhookDelivery, type WebhookDelivery } from '@/lib/openapi/webhook-delivery';
import { resolve, type ApiDocument, type Response } from '@/lib/openapi/document';
import { errorCatalogue } from '@/lib/openapi/operations';
import { documentedRoles } from '@/lib/openapi/role-schema';
import { viewOf, type SchemaView } from '@/lib/openapi/schema';
import { isTriggered, testScenarios, type TriggeredScenario } from '@/lib/openapi/test-scenarios';
import { apiVersions, type ApiVersions } from '../versions';
import { sandboxOperations, type SandboxOperation } from './operations';
import {
  keyFields,
  referencedIds,
  seedsOf,
  withCopies,
  type SandboxObject,
  type Seeds,
} from './seeds';

export type { SandboxOperation } from './operations';
export type { SandboxObject } from './seeds';
export type { TriggeredScenario } from '@/lib/openapi/test-scenarios';

/** Everything the sandbox knows about the API, read once from the document. */
export type SandboxModel = {
  document: ApiDocument;
  operations: Map<string, SandboxOperation>;
  /** HTTP status and type of every error code of the catalogue. */
  errors: Map<string, { status: number; type: string }>;
  /** The field each kind of object is found by (`id`, or a currency's `code`). */
  keys: Map<string, string>;
  /** The kind of object an ID prefix such as `ch_` stands for, and back. */
  kindOfPrefix: Map<string, string>;
  prefixOfKind: Map<string, string>;
  /** The shape of each kind of object, for statuses and timestamp fields. */
  views: Map<string, SchemaView>;
  seeds: Seeds;
  /** Sample objects found by ID but never listed: the test cards that scenarios name. */
  unlisted: Set<string>;
  /** The documented webhook envelope example of each event type. */
  events: Map<string, SandboxObject>;
  /** Every documented example object, by kind: how an object looks in each status. */
  examples: Map<string, SandboxObject[]>;
  /** The scenarios a request value picks; the others are the natural outcome of their request. */
  scenarios: TriggeredScenario[];
  versions: ApiVersions;
  /** How deliveries are retried, as the Webhooks page documents. */
  delivery: WebhookDelivery;
  /** The roles a key pair can have; the documented sandbox pair has them all. */
  roles: string[];
};

/** The prefix of an ID up to its first underscore, such as `ch_` of `ch_3MtwBwLk`. */
function prefixOf(id: string): string | undefined {
  return /^[a-z]+_/.exec(id)?.[0];
}

function objectViews(document: ApiDocument): Map<string, SchemaView> {
  const views = new Map<string, SchemaView>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      for (const reference of Object.values(operation.responses)) {
        const schema = resolve<Response>(document, reference).content?.['application/json']?.schema;
        if (!schema) continue;
        const view = viewOf(document, schema);
        const item = view.properties.data?.items ?? view;
        const kind = item.properties.object?.constValue;
        if (typeof kind === 'string' && !views.has(kind) && !item.properties.deleted)
          views.set(kind, item);
      }
    }
  }
  return views;
}

function eventExamples(document: ApiDocument): Map<string, SandboxObject> {
  const events = new Map<string, SandboxObject>();
  for (const [type, item] of Object.entries(document.webhooks ?? {})) {
    const body = item.post?.requestBody;
    const example = body
      ? resolve<{ content: Record<string, { example?: unknown }> }>(document, body).content[
          'application/json'
        ]?.example
      : undefined;
    if (example && typeof example === 'object') events.set(type, example as SandboxObject);
  }
  return events;
}

function examplesByKind(operations: SandboxOperation[], events: Map<string, SandboxObject>) {
  const byKind = new Map<string, SandboxObject[]>();
  const add = (value: unknown) => {
    if (!value || typeof value !== 'object' || typeof (value as SandboxObject).object !== 'string')
      return;
    const object = value as SandboxObject;
    if (object.object === 'list') return void (object.data as unknown[]).forEach(add);
    byKind.set(object.object, [...(byKind.get(object.object) ?? []), object]);
  };
  operations.forEach((operation) => add(operation.example));
  for (const event of events.values())
    add((event.data as { object?: unknown } | undefined)?.object);
  return byKind;
}

/** Reads the document into the sandbox's model: operations, errors, samples, events, scenarios. */
export function buildModel(document: ApiDocument): SandboxModel {
  const operations = sandboxOperations(document);
  const keys = keyFields(operations);
  const scenarios = testScenarios(document).filter(isTriggered);
  const lifecycleOf = lifecycles(document);
  // A kind is acted on from its created state unless its lifecycle says none of its requests starts there.
  const actsFrom = (kind: string, status: unknown) => {
    const lifecycle = lifecycleOf.get(kind);
    return (
      !lifecycle || lifecycle.rows.some((row) => row.request && row.from?.includes(String(status)))
    );
  };
  let seeds = seedsOf(operations, keys, actsFrom);
  const kindOfPrefix = new Map<string, string>();
  for (const [kind, objects] of seeds) {
    for (const key of objects.keys()) {
      const prefix = prefixOf(key);
      if (prefix && keys.get(kind) !== 'code' && !kindOfPrefix.has(prefix))
        kindOfPrefix.set(prefix, kind);
    }
  }
  const events = eventExamples(document);
  const eventPrefix = prefixOf(String([...events.values()][0]?.id ?? ''));
  if (eventPrefix) kindOfPrefix.set(eventPrefix, 'event');
  // IDs examples name without their object, and the test cards scenarios name, exist too.
  const known = (id: string) => kindOfPrefix.get(prefixOf(id) ?? '');
  const mentioned = [
    ...[...seeds.values()].flatMap((objects) => [...objects.values()]),
    ...operations.map((operation) => operation.requestExample),
  ];
  const unlisted = new Set<string>();
  const copies = [
    ...referencedIds(mentioned, known),
    ...[
      ...referencedIds(
        scenarios.map((scenario) => scenario.trigger.value),
        known,
      ),
    ].map(([kind, ids]) => {
      ids.forEach((id) => unlisted.add(`${kind}/${id}`));
      return [kind, ids] as const;
    }),
  ];
  for (const [kind, ids] of copies) {
    if (kind !== 'event') seeds = withCopies(seeds, kind, keys.get(kind) ?? 'id', ids);
  }
  return {
    document,
    operations: new Map(operations.map((operation) => [operation.operationId, operation])),
    errors: new Map(
      errorCatalogue(document).map(({ code, status, type }) => [code, { status, type }]),
    ),
    keys,
    kindOfPrefix,
    prefixOfKind: new Map([...kindOfPrefix].map(([prefix, kind]) => [kind, prefix])),
    views: objectViews(document),
    seeds,
    unlisted,
    events,
    examples: examplesByKind(operations, events),
    scenarios,
    versions: apiVersions(document),
    delivery: webhookDelivery(document),
    roles: documentedRoles(document),
  };
}
