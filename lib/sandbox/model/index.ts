import { webhookDelivery, type WebhookDelivery } from '@/lib/openapi/webhook-delivery';
import { resolve, type ApiDocument, type Response } from '@/lib/openapi/document';
import { errorCatalogue } from '@/lib/openapi/operations';
import { documentedRoles } from '@/lib/openapi/role-schema';
import { viewOf, type SchemaView } from '@/lib/openapi/schema';
import { isTriggered, testScenarios, type TriggeredScenario } from '@/lib/openapi/test-scenarios';
import { apiVersions, type ApiVersions } from '../versions';
import { sandboxOperations, type SandboxOperation } from './operations';
import type { ScheduledStep } from '../store/types';

export type { ListFilter, SandboxOperation } from './operations';

export type SandboxObject = Record<string, unknown> & { object: string };

/** The sample objects every sandbox starts with, by kind and key, shared and never changed. */
export type Seeds = ReadonlyMap<string, ReadonlyMap<string, SandboxObject>>;
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
  /**
   * The objects every sandbox starts with, by kind and key, as the document's story left them
   * (story.ts fills these, the test cards and the singletons once, before any request).
   */
  seeds: Seeds;
  /** Sample objects found by ID but never listed: the test cards that scenarios name. */
  unlisted: Set<string>;
  /** The key of each one-of-a-kind object: your organisation, the balance. */
  singletons: Map<string, string>;
  /** What the story leaves to come (its due steps), and when it ends. */
  story: { steps: ScheduledStep[]; endsAt: number };
  /** The event types the document defines (its `webhooks`). */
  events: Set<string>;
  /** The scenarios a request value picks; the others are the natural outcome of their request. */
  scenarios: TriggeredScenario[];
  versions: ApiVersions;
  /** How deliveries are retried, as the Webhooks page documents. */
  delivery: WebhookDelivery;
  /** The roles a key pair can have; the documented sandbox pair has them all. */
  roles: string[];
};

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

/** The prefix each kind's IDs start with, as its `id` says: "Unique identifier, starting `ch_`." */
function prefixesOf(views: Map<string, SchemaView>): Map<string, string> {
  const prefixes = new Map<string, string>();
  for (const [kind, view] of views) {
    const prefix = /starting `([a-z]+_)`/.exec(view.properties.id?.description ?? '')?.[1];
    if (prefix) prefixes.set(kind, prefix);
  }
  return prefixes;
}

/**
 * The field an object of a kind is found by: `id`, or the path parameter its retrieve uses when
 * the object has that field (a currency's `code`, an account balance's `account_id`).
 */
function keyFields(operations: SandboxOperation[], views: Map<string, SchemaView>) {
  const fields = new Map<string, string>();
  for (const operation of operations) {
    if (!['retrieve', 'singleton'].includes(operation.shape) || !operation.kind) continue;
    const param = operation.path
      .match(/\{([^}]+)\}/g)
      ?.at(-1)
      ?.slice(1, -1);
    const view = views.get(operation.kind);
    if (!fields.has(operation.kind) || param)
      fields.set(operation.kind, param && view?.properties[param] ? param : 'id');
  }
  return fields;
}

/**
 * Reads the document into the sandbox's model: operations, errors, object shapes, events and
 * scenarios. Its sample objects come from the document's story once it has run (story.ts).
 */
export function buildModel(document: ApiDocument): SandboxModel {
  const operations = sandboxOperations(document);
  const views = objectViews(document);
  const prefixOfKind = prefixesOf(views);
  return {
    document,
    operations: new Map(operations.map((operation) => [operation.operationId, operation])),
    errors: new Map(
      errorCatalogue(document).map(({ code, status, type }) => [code, { status, type }]),
    ),
    keys: keyFields(operations, views),
    kindOfPrefix: new Map([...prefixOfKind].map(([kind, prefix]) => [prefix, kind])),
    prefixOfKind,
    views,
    seeds: new Map(),
    unlisted: new Set(),
    singletons: new Map(),
    story: { steps: [], endsAt: 0 },
    events: new Set(Object.keys(document.webhooks ?? {})),
    scenarios: testScenarios(document).filter(isTriggered),
    versions: apiVersions(document),
    delivery: webhookDelivery(document),
    roles: documentedRoles(document),
  };
}
