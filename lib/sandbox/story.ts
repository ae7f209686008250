// Runs the document's sandbox story once per process: its requests go through the sandbox's own
// validation, rules, machines and clock, in a sandbox of its own, and what it leaves (objects,
// the steps still to come, the events sent) is what every new sandbox starts with, dated from
// the moment it opens.
import {
  sandboxStory,
  waitMs,
  type SandboxStory,
  type StoryStep,
} from '@/lib/openapi/sandbox-story';
import { sandboxContext } from './api';
import { construct } from './construct';
import { execute } from './engine';
import { freshIds, type IdMaker } from './ids';
import type { RequestContext } from './machines/types';
import type { SandboxModel, SandboxObject } from './model';
import { scenarioFor } from './scenarios';
import { applyDueSteps } from './steps';
import { MemoryStore } from './store/memory';
import type { ScheduledStep } from './store/types';
import type { RequestValidator } from './validation';

/** What every sandbox starts with, as the story left it at `endsAt`. */
export type StoryOutcome = {
  objects: Map<string, Map<string, SandboxObject>>;
  /** Steps still to come, such as a payment link's expiry. */
  steps: ScheduledStep[];
  /** Objects found by ID but never listed: the test cards. */
  unlisted: Set<string>;
  /** The key of each one-of-a-kind object: your organisation, the balance. */
  singletons: Map<string, string>;
  /** When the story ends: a sandbox's dates move by its opening time less this. */
  endsAt: number;
};

/** The IDs a step says it makes, by kind, taken in order; any other kind gets a fresh one. */
function plannedIds(step: StoryStep, fresh: IdMaker) {
  const planned = new Map(
    Object.entries(step.ids ?? {}).map(([kind, ids]) => [kind, [ids].flat()]),
  );
  const newId: IdMaker = (kind) => planned.get(kind)?.shift() ?? fresh(kind);
  const unused = () => [...planned].flatMap(([kind, ids]) => ids.map((id) => `${kind} ${id}`));
  return { newId, unused };
}

const describe = (step: StoryStep) => ('call' in step ? step.call : `wait ${step.wait}`);

/** Fills an operation's path template with the step's parameters. */
const pathOf = (template: string, params: Record<string, string> = {}) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`no ${name} for ${template}`);
    return encodeURIComponent(params[name]);
  });

/** Runs the story of `model`'s document; a step the sandbox refuses is a defect of the story. */
export async function runStory(
  documented: SandboxModel,
  validator: RequestValidator,
): Promise<StoryOutcome> {
  const story = sandboxStory(documented.document);
  const singletons = new Map([
    ['organisation', String(story.account.organisation.id)],
    ['balance', 'balance'],
  ]);
  // The story starts from nothing but the account: no sample objects of its own yet.
  const model: SandboxModel = { ...documented, seeds: new Map(), singletons };
  const store = new MemoryStore();
  // The story is told by the account's owner, whose key pair has every role.
  const sandbox = {
    id: 'story',
    expiresAt: Number.MAX_SAFE_INTEGER,
    signingSecret: 'whsec_story',
    roles: [...model.roles],
  };
  await store.open(sandbox, 0);
  const fresh = freshIds(model.prefixOfKind);
  let now = Date.parse(story.start);
  const unlisted = new Set<string>();
  const keyOf = (object: SandboxObject) => {
    const key = object[model.keys.get(object.object) ?? 'id'];
    return key === undefined ? object.object : String(key);
  };
  const keep = (object: SandboxObject) =>
    store.put(sandbox.id, object.object, keyOf(object), object);

  await keepAccount(story, model, keep, now);
  for (const id of story.test_cards.ids) {
    await keep(testCard(story, model, id, now));
    unlisted.add(`tokenised_card/${id}`);
  }
  for (const step of story.steps) {
    const { newId, unused } = plannedIds(step, fresh);
    const context = () => sandboxContext(model, store, sandbox, now, { newId });
    try {
      if ('wait' in step) {
        now += waitMs(step.wait);
        await applyDueSteps(store, sandbox.id, context());
      } else {
        await applyDueSteps(store, sandbox.id, context());
        await store.atomically(sandbox.id, () => execute(requestOf(step, context(), validator)));
      }
    } catch (caught) {
      throw new Error(
        `openapi/openapi.yaml: #/x-sandbox-story: ${describe(step)} failed: ${String(caught)}`,
        {
          cause: caught,
        },
      );
    }
    const left = unused();
    if (left.length > 0) {
      throw new Error(
        `openapi/openapi.yaml: #/x-sandbox-story: ${describe(step)} made no ${left.join(', ')}.`,
      );
    }
  }
  const objects = new Map<string, Map<string, SandboxObject>>();
  for (const kind of model.views.keys()) {
    const made = await store.list(sandbox.id, kind);
    if (made.length === 0) continue;
    objects.set(kind, new Map(made.map((object) => [keyOf(object), deepFreeze(object)])));
  }
  const events = (await store.deliveries(sandbox.id)).map(
    (delivery) => JSON.parse(delivery.body) as SandboxObject,
  );
  if (events.length > 0) {
    objects.set('event', new Map(events.map((event) => [String(event.id), deepFreeze(event)])));
  }
  const steps = await store.takeDueSteps(sandbox.id, Number.MAX_SAFE_INTEGER);
  return { objects, steps, unlisted, singletons, endsAt: now };
}

/** Gives the model the story's objects, test cards, singletons and the steps it leaves to come. */
export function tellStory(model: SandboxModel, outcome: StoryOutcome) {
  Object.assign(model, {
    seeds: outcome.objects,
    unlisted: outcome.unlisted,
    singletons: outcome.singletons,
    story: { steps: outcome.steps, endsAt: outcome.endsAt },
  });
}

/** A story step's request, validated as the API validates one, with its test scenario. */
function requestOf(
  step: Extract<StoryStep, { call: string }>,
  context: ReturnType<typeof sandboxContext>,
  validator: RequestValidator,
): RequestContext {
  const operation = context.model.operations.get(step.call);
  if (!operation) throw new Error(`no operation ${step.call}`);
  const body = structuredClone(step.body ?? {});
  const valid = validator.validate({
    method: operation.method.toUpperCase(),
    path: pathOf(operation.path, step.path),
    query: '',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'story' },
    body: operation.body ? body : undefined,
  });
  return {
    ...context,
    operation,
    params: valid.params,
    query: valid.query,
    body,
    scenario: scenarioFor(context.model.scenarios, operation, {
      body,
      params: valid.params,
      query: valid.query,
    }),
  };
}

/** Keeps the account's organisation and currencies, each built from its declared properties. */
async function keepAccount(
  story: SandboxStory,
  model: SandboxModel,
  keep: (object: SandboxObject) => Promise<void>,
  now: number,
) {
  const { organisation, currencies, balance } = story.account;
  await keep(
    construct(model, 'organisation', { given: organisation, key: String(organisation.id), now }),
  );
  await keep(
    construct(model, 'balance', { given: { ...balance, updated_at: null }, key: 'balance', now }),
  );
  for (const currency of currencies) {
    await keep(construct(model, 'currency', { given: currency, key: String(currency.code), now }));
  }
  for (const [kind, records] of Object.entries(story.account.records)) {
    for (const record of records) {
      const key = String(record[model.keys.get(kind) ?? 'id']);
      await keep(construct(model, kind, { given: record, key, now }));
    }
  }
}

/** A test card of the story's customer, saved as a card typed on a hosted page is. */
function testCard(story: SandboxStory, model: SandboxModel, id: string, now: number) {
  const { customer, card } = story.test_cards;
  return construct(model, 'tokenised_card', {
    given: {
      ...card,
      customer_id: customer,
      checks: { cvc_check: 'pass', address_line1_check: 'pass', address_postal_code_check: 'pass' },
      network_transaction_id: null,
      status: 'active',
      metadata: {},
    },
    key: id,
    now,
  });
}

/** The value with every object in it frozen: the story's objects are every sandbox's to copy. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
