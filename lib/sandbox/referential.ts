import { SandboxError } from './errors';
import { excerpt } from './validation-messages';
import type { RequestContext } from './machines/types';
import type { SandboxObject } from './model';
import { requireReadable } from './lifecycle';

/** The key a path parameter finds its object by: a currency's code in either case (`jpy`, `JPY`). */
const keyIn = (kind: string, value: string) => (kind === 'currency' ? value.toUpperCase() : value);

/** Whether an object is one of a kind, such as your organisation: read at its own path, never by ID or in a list. */
export function isSingleton(context: RequestContext, object: SandboxObject): boolean {
  return context.model.singletons.get(object.object) === context.objects.keyOf(object);
}

/** The refusal of a path that names a one-of-a-kind object by ID, saying where it is read. */
function singletonRefusal(context: RequestContext, kind: string, value: string, name: string) {
  const own = [...context.model.operations.values()].find(
    (operation) =>
      operation.kind === kind && operation.shape === 'singleton' && operation.method === 'get',
  );
  return new SandboxError(
    'resource_missing',
    `${excerpt(value)} is your own ${kind.replaceAll('_', ' ')}, which this path does not read: use GET ${own?.path ?? `/v1/${kind}`}.`,
    name,
  );
}

/** Every path parameter that names an object must name one this sandbox has, and not by a one-of-a-kind's ID. */
export async function requirePathObjects(
  context: RequestContext,
): Promise<SandboxObject | undefined> {
  let target: SandboxObject | undefined;
  const { operation } = context;
  for (const [name, value] of Object.entries(context.params)) {
    // An ID names its kind by its prefix; a test helper that pays a `pl_` link answers a charge.
    const kind =
      context.objects.kindOfId(value) ?? (name === operation.idParam ? operation.kind : undefined);
    if (!kind) continue;
    const object = await context.objects.find(kind, keyIn(kind, value));
    if (!object)
      throw new SandboxError(
        'resource_missing',
        `No such ${kind.replaceAll('_', ' ')}: ${excerpt(value)}.`,
        name,
      );
    if (isSingleton(context, object)) throw singletonRefusal(context, kind, value, name);
    if (name === operation.idParam) target = object;
    // What is read under the object, such as a consent's accounts, may need it in some status.
    if (operation.method === 'get') {
      const segments = operation.path.split('/');
      requireReadable(context, object, segments[segments.indexOf(`{${name}}`) + 1] ?? '');
    }
  }
  return target;
}

/** Every body field that names another object (`booking_id`, `tokenised_card_id`) must name one that exists. */
export async function requireBodyReferences(context: RequestContext) {
  for (const [field, value] of Object.entries(context.body)) {
    if (typeof value !== 'string') continue;
    const named = field.endsWith('_id') ? field.slice(0, -3) : undefined;
    const kind =
      named && context.model.prefixOfKind.has(named) ? named : context.objects.kindOfId(value);
    if (!kind || (await context.objects.find(kind, value))) continue;
    throw new SandboxError(
      'parameter_invalid',
      `No such ${kind.replaceAll('_', ' ')}: ${excerpt(value)}.`,
      field,
    );
  }
}
