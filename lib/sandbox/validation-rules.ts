// Enforces the business rules of `x-rules` on a request the schema has accepted: finds what each
// rule compares with in the sandbox (the related object, what others already take of it), fills
// in documented defaults, and refuses with the first problem (lib/sandbox/validation-rule-checks.ts).
import type { Rule } from '@/lib/openapi/rules';
import { SandboxError } from './errors';
import type { RequestContext } from './machines/types';
import type { SandboxObject } from './model';
import { defaultOf, ruleProblem, type RuleInput } from './validation-rule-checks';

/** Rules about the related object's state come first, as the lifecycle would refuse it first. */
const ORDER: Rule['kind'][] = [
  'related-status-not',
  'related-field-matches',
  'currency-matches',
  'unique',
];
const rank = (rule: Rule) => {
  const index = ORDER.indexOf(rule.kind);
  return index === -1 ? ORDER.length : index;
};

/** Every rule of the operation's body fields, in the order they are judged. */
export function bodyRules(context: RequestContext): [field: string, rule: Rule][] {
  const properties = context.operation.body?.properties ?? {};
  return Object.entries(properties)
    .flatMap(([field, view]) => (view.rules ?? []).map((rule) => [field, rule] as [string, Rule]))
    .sort(([, a], [, b]) => rank(a) - rank(b));
}

async function relatedOf(
  context: RequestContext,
  references: string[],
  target: SandboxObject | undefined,
): Promise<[string, SandboxObject] | undefined> {
  for (const reference of references) {
    if (reference === '$path') {
      if (target) return [reference, target];
      continue;
    }
    // An update keeps the references it does not send, such as a scheduled payment's booking.
    const kept = context.operation.shape === 'update' ? target?.[reference] : undefined;
    const id = context.body[reference] ?? kept;
    if (typeof id !== 'string') continue;
    const object = await context.objects.findById(id);
    if (object) return [reference, object];
  }
  return undefined;
}

/** What other objects already take of the related object's bound, such as scheduled instalments. */
async function takenOf(
  context: RequestContext,
  rule: Rule,
  reference: string,
  related: SandboxObject,
) {
  if (rule.kind !== 'at-most-related') return 0;
  const minus = rule.minus ? Number(related[rule.minus] ?? 0) : 0;
  if (!rule.less) return minus;
  const { kind, status } = rule.less;
  const others = await context.objects.all(kind);
  return others
    .filter((other) => other.status === status && other[reference] === related.id)
    .reduce((sum, other) => sum + Number(other.amount ?? 0), minus);
}

/** A scenario's test object, such as a tc_test_ card: it belongs to everyone (Testing). */
const isTestObject = (context: RequestContext, object: SandboxObject) =>
  context.model.unlisted.has(`${object.object}/${context.objects.keyOf(object)}`);

async function inputOf(
  context: RequestContext,
  field: string,
  rule: Rule,
  target: SandboxObject | undefined,
): Promise<RuleInput> {
  const createdAt = target?.created_at ? Date.parse(String(target.created_at)) : context.now;
  const input: RuleInput = {
    field,
    value: context.body[field],
    body: { ...(target ?? {}), ...context.body },
    now: context.now,
    createdAt,
    pathKind: target?.object ?? context.operation.kind,
  };
  if ('references' in rule) {
    const found = await relatedOf(context, rule.references, target);
    if (found && !(rule.kind === 'related-field-matches' && isTestObject(context, found[1]))) {
      const [reference, related] = found;
      Object.assign(input, { reference, related });
      input.taken = await takenOf(context, rule, reference, related);
    }
  }
  if (rule.kind === 'related-field-matches' && rule.of) {
    const found = await relatedOf(context, [rule.of], target);
    if (found) input.counterpart = found[1];
  }
  if (rule.kind === 'unique') {
    // The sample objects hold no unique values, so the documented create examples work as pasted.
    const others = await context.objects.created(context.operation.kind ?? '');
    input.duplicate = others.some(
      (other) => other.id !== target?.id && other[field] === input.value,
    );
  }
  return input;
}

/**
 * Refuses a request that breaks a rule of its body's fields with the documented error, after
 * giving fields sent without a value their documented default (on create).
 */
export async function enforceRules(context: RequestContext, target?: SandboxObject) {
  const rules = bodyRules(context);
  if (context.operation.shape === 'create') {
    for (const [field, rule] of rules) {
      if (context.body[field] === undefined) {
        const value = defaultOf(rule, context.now);
        if (value !== undefined) context.body[field] = value;
      }
    }
  }
  for (const [field, rule] of rules) {
    const problem = ruleProblem(rule, await inputOf(context, field, rule, target));
    if (problem) throw new SandboxError(problem.code, problem.message, problem.param);
  }
}
