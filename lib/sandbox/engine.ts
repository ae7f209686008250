import { announce } from './announce';
import type { Answer } from './idempotency';
import { machineOf } from './machines';
import { singleton as singletonOf } from './money/balance';
import { refuseIfScenarioErrs, setStatus, statusesOf } from './transitions/outcome';
import type { RequestContext, Transition } from './machines/types';
import { requestOf, requireRowTaken, rowsFor, rowsOfCreate, takeRow } from './lifecycle';
import type { SandboxObject } from './model';
import { filterObjects, narrowLists } from './list-filters';
import { paginate } from './pagination';
import { isSingleton, requireBodyReferences, requirePathObjects } from './referential';
import { applyBody } from './changes';
import { construct } from './construct';
import { enforceRules } from './validation-rules';

const scenarioFailure = (context: RequestContext) => context.scenario?.outcome.failure_code ?? null;

/** Saves a transition's objects, sends its events and queues what follows; the answer's object. */
export async function commitTransition(
  context: RequestContext,
  transition: Transition,
): Promise<SandboxObject> {
  const { object, related = [] } = transition;
  for (const changed of [object, ...related]) await context.objects.save(changed);
  await announce(context, object, transition.events, scenarioFailure(context), related);
  // Events about new objects may have linked them back, such as a booking's payment.
  await context.objects.save(object);
  if (transition.later) await context.schedule(object, transition.later);
  return transition.answer ?? object;
}

async function create(context: RequestContext): Promise<Answer> {
  const { operation, model } = context;
  const kind = operation.kind!;
  const keyField = model.keys.get(kind) ?? 'id';
  const key = keyField === 'id' ? context.newId(kind) : String(context.body[keyField]);
  const object = construct(model, kind, { request: context.body, key, now: context.now });
  const machine = machineOf(kind);
  const transition = machine?.create
    ? await machine.create(object, context)
    : withScenario(context, object, []);
  const rows = rowsOfCreate(context, kind);
  if (rows?.length) requireRowTaken(context, rows, undefined, transition);
  return { status: operation.successStatus, body: await commitTransition(context, transition) };
}

/**
 * What a request without a lifecycle of its own leads to: the natural events, or the outcome of
 * the test scenario it triggers (its status when the object can have it, and its events).
 */
function withScenario(
  context: RequestContext,
  object: SandboxObject,
  events: string[],
): Transition {
  const outcome = context.scenario?.outcome;
  if (!outcome) return { object, events };
  refuseIfScenarioErrs(context);
  if (outcome.status && statusesOf(context.model, object.object).includes(outcome.status)) {
    setStatus(object, outcome.status, outcome.failure_code ?? null);
  }
  return { object, events: outcome.events };
}

async function act(context: RequestContext, target: SandboxObject): Promise<Answer> {
  const request = requestOf(context.operation);
  const before = structuredClone(target);
  const rows = rowsFor(context, target, request);
  const action = machineOf(target.object)?.actions?.[request];
  let transition: Transition;
  if (action) {
    transition = await action(target, context);
  } else if (rows) {
    const taken = takeRow(context, target, rows);
    transition = withScenario(context, taken.object, taken.events);
  } else {
    throw new Error(
      `The sandbox has neither a lifecycle nor a machine for ${context.operation.operationId}.`,
    );
  }
  if (rows) requireRowTaken(context, rows, before, transition);
  return {
    status: context.operation.successStatus,
    body: await commitTransition(context, transition),
  };
}

async function update(context: RequestContext, target: SandboxObject): Promise<Answer> {
  const view = context.model.views.get(target.object)!;
  const object = applyBody(target, context.body, view) as SandboxObject;
  const later = (await machineOf(target.object)?.update?.(object, target, context)) ?? undefined;
  // No event: the documented `*.updated` events tell of changes made elsewhere (by the issuer).
  return {
    status: context.operation.successStatus,
    body: await commitTransition(context, { object, events: [], later }),
  };
}

async function remove(context: RequestContext, target: SandboxObject): Promise<Answer> {
  await machineOf(target.object)?.remove?.(target, context);
  if (context.operation.deletes) {
    await context.objects.remove(target);
    return {
      status: context.operation.successStatus,
      body: { id: target.id, object: target.object, deleted: true },
    };
  }
  return act(context, target);
}

async function list(context: RequestContext): Promise<Answer> {
  const { operation, query } = context;
  const kind = operation.kind!;
  // A one-of-a-kind object, such as your organisation, is not among those listed under it.
  let objects = (await context.objects.all(kind)).filter((object) => !isSingleton(context, object));
  const parent = operation.parentParam ? context.params[operation.parentParam] : undefined;
  if (parent) objects = objects.filter((object) => Object.values(object).includes(parent));
  const page = paginate(filterObjects(objects, query, operation.filters), query, (object) =>
    context.objects.keyOf(object),
  );
  return { status: operation.successStatus, body: page };
}

async function singleton(context: RequestContext): Promise<Answer> {
  const kind = context.operation.kind!;
  // One of a kind in the sandbox (your organisation), or under the object the path names.
  const keyField = context.model.keys.get(kind) ?? 'id';
  const current = (
    context.params[keyField] === undefined
      ? await singletonOf(context, kind)
      : await context.objects.find(kind, context.params[keyField])
  )!;
  if (context.operation.method === 'get') {
    await machineOf(kind)?.read?.(current, context);
    const { query, operation } = context;
    return {
      status: operation.successStatus,
      body: narrowLists(current, query, operation.filters),
    };
  }
  const view = context.model.views.get(kind)!;
  const object = applyBody(current, context.body, view) as SandboxObject;
  return {
    status: context.operation.successStatus,
    body: await commitTransition(context, { object, events: [] }),
  };
}

/** Carries out one validated, authenticated operation on the sandbox's objects. */
export async function execute(context: RequestContext): Promise<Answer> {
  const target = await requirePathObjects(context);
  await requireBodyReferences(context);
  await enforceRules(context, target);
  switch (context.operation.shape) {
    case 'create':
      return create(context);
    case 'list':
      return list(context);
    case 'retrieve':
      return { status: context.operation.successStatus, body: target };
    case 'update':
      return update(context, target!);
    case 'delete':
      return remove(context, target!);
    case 'action':
      return act(context, target!);
    default:
      return singleton(context);
  }
}
