// Whether a value keeps a business rule of `x-rules`, and what the refusal says when it does not,
// given whatever the rule compares with (now, the related object, the sibling fields). Pure and
// free of server code, so the console predicts in the browser what the sandbox answers.
import {
  durationMs,
  durationText,
  referenceText,
  type Rule,
  type RuleKind,
} from '@/lib/openapi/rules';
import { excerpt, subjectOf, type RequestProblem } from './validation-messages';

type Fields = Record<string, unknown>;

/** What a rule of one field is checked against. */
export type RuleInput = {
  field: string;
  value: unknown;
  body: Fields;
  now: number;
  /** When the object was created: now for a create, else the object's `created_at`. */
  createdAt: number;
  /** The related object the rule's references name, when it has one. */
  related?: Fields;
  /** The reference that named `related`, such as `booking_id`. */
  reference?: string;
  /** The kind of the object the path names, for messages about `$path`. */
  pathKind?: string;
  /** For `related-field-matches` with `of`: the object `of` names, whose field the related one's must equal. */
  counterpart?: Fields;
  /** For `at-most-related`: what other objects and `minus` already take; for `unique`: whether another has the value. */
  taken?: number;
  duplicate?: boolean;
};

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
/** Today's date in UTC, as `YYYY-MM-DD`. */
const today = (now: number) => iso(now).slice(0, 10);

const invalid = (
  input: RuleInput,
  predicate: string,
  code = 'parameter_invalid',
): RequestProblem => ({
  code,
  message: `${subjectOf(input.field)} ${predicate}.`,
  param: input.field,
});

/** A rule's default for a field sent without a value, as the request would carry it. */
export function defaultOf(rule: Rule, createdAt: number): unknown {
  return rule.kind === 'default-after-creation'
    ? iso(createdAt + durationMs(rule.duration))
    : undefined;
}

function relatedName(input: RuleInput): string {
  return referenceText(input.reference ?? '$path', input.pathKind);
}

/** A rule of one kind. */
type RuleOf<K extends RuleKind> = Extract<Rule, { kind: K }>;

/** What others already take of an `at-most-related` bound, as the refusal states it. */
function takenText(rule: RuleOf<'at-most-related'>, input: RuleInput): string {
  const parts = [
    rule.less && `its ${rule.less.status} ${rule.less.kind.replaceAll('_', ' ')}s`,
    rule.minus && `its ${rule.minus}`,
  ].filter(Boolean);
  return parts.length ? ` less ${parts.join(' and ')} (${input.taken ?? 0})` : '';
}

/** Whether the request sent a field, with a value other than `null`. */
const sent = (input: RuleInput, field: string) =>
  input.body[field] !== undefined && input.body[field] !== null;

/** The refusal a value earns under a rule of one kind, or nothing when it keeps it. */
type Check<K extends RuleKind> = (rule: RuleOf<K>, input: RuleInput) => RequestProblem | undefined;

/** A check for each kind of rule. */
type Checks = { [K in RuleKind]: Check<K> };

/** The check of a rule any sent value keeps: it requires a value, or fills one in. */
const anySentValueKeeps = () => undefined;

/** What a value sent (not `null`) is checked by, for each kind of rule. */
const SENT_VALUE_CHECKS: Checks = {
  future(_rule, input) {
    const text = String(input.value);
    const { now } = input;
    if (isDate(text))
      return text > today(now)
        ? undefined
        : invalid(input, `must be a date after today (${today(now)}, UTC)`);
    return Date.parse(text) > now
      ? undefined
      : invalid(input, `must be in the future, after ${iso(now)}`);
  },
  'within-after-creation'(rule, input) {
    const text = String(input.value);
    const latest = input.createdAt + durationMs(rule.duration);
    return Date.parse(text) <= latest
      ? undefined
      : invalid(
          input,
          `must be at most ${durationText(rule.duration)} after creation, no later than ${iso(latest)}`,
        );
  },
  'minimum-charge-amount'(rule, input) {
    const { value } = input;
    const currency = String(input.body.currency ?? input.related?.currency ?? '');
    const minimum = rule.minimums[currency];
    if (minimum === undefined || typeof value !== 'number' || value >= minimum) return undefined;
    return invalid(input, `must be at least ${minimum} in ${currency}`, 'amount_too_small');
  },
  'at-most-related'(rule, input) {
    const { value } = input;
    const text = String(value);
    const bound = input.related?.[rule.field];
    if (bound === undefined || bound === null) return undefined;
    const whose = `${relatedName(input)}'s ${rule.field}`;
    if (typeof bound === 'string') {
      return text <= bound
        ? undefined
        : invalid(input, `must be on or before ${whose}, ${bound}`, rule.code);
    }
    const left = Number(bound) - (input.taken ?? 0);
    if (typeof value !== 'number' || value <= left) return undefined;
    return invalid(input, `must be at most ${whose}${takenText(rule, input)}, ${left}`, rule.code);
  },
  'currency-matches'(_rule, input) {
    const currency = input.related?.currency;
    if (currency === undefined || input.value === currency) return undefined;
    return invalid(
      input,
      `must be ${String(currency)}, the currency of ${relatedName(input)} ${String(input.related?.id ?? input.related?.code ?? '')}`.trimEnd(),
      'currency_mismatch',
    );
  },
  'related-status-not'(rule, input) {
    const status = input.related?.status;
    if (!rule.statuses.includes(String(status))) return undefined;
    return invalid(
      input,
      `must name ${relatedName(input).replace(/^the /, 'a ')} that is not ${rule.statuses.join(' or ')}: ${excerpt(input.value)} is ${String(status)}`,
      rule.code,
    );
  },
  'after-field'(rule, input) {
    const text = String(input.value);
    const other = input.body[rule.field];
    if (other === undefined || other === null) return undefined;
    const kept = rule.inclusive ? text >= String(other) : text > String(other);
    return kept
      ? undefined
      : invalid(
          input,
          `must be ${rule.inclusive ? 'on or after' : 'after'} ${rule.field}, ${excerpt(other)}`,
        );
  },
  unique(rule, input) {
    return input.duplicate
      ? invalid(
          input,
          `must be unique: another ${(input.pathKind ?? 'object').replaceAll('_', ' ')} already has ${excerpt(input.value)}`,
          rule.code,
        )
      : undefined;
  },
  'only-with'(rule, input) {
    return sent(input, rule.field)
      ? undefined
      : invalid(input, `may be sent only with ${rule.field}`);
  },
  'not-with'(rule, input) {
    return sent(input, rule.field)
      ? invalid(input, `must not be sent with ${rule.field}: send one or the other`)
      : undefined;
  },
  'related-field-matches'(rule, input) {
    const expected = rule.of ? input.counterpart?.[rule.field] : input.body[rule.field];
    const actual = input.related?.[rule.field];
    if (!input.related || expected === undefined || actual === expected) return undefined;
    const whose = rule.of
      ? `, that of ${referenceText(rule.of)} ${excerpt(input.body[rule.of])}`
      : '';
    return invalid(
      input,
      `must name ${relatedName(input).replace(/^the /, 'a ')} of ${rule.field} ${excerpt(expected)}${whose}: ${excerpt(input.value)} has ${excerpt(actual)}`,
      rule.code,
    );
  },
  'item-requires'(rule, input) {
    const { value } = input;
    return Array.isArray(value) && value.includes(rule.item) && !value.includes(rule.requires)
      ? invalid(input, `must include ${rule.requires} when it includes ${rule.item}`)
      : undefined;
  },
  'required-without': anySentValueKeeps,
  'default-after-creation': anySentValueKeeps,
};

/** Checks that judge a field whether or not it was sent: one required, a bound used up. */
const PRESENCE_CHECKS: Partial<Checks> = {
  'required-without'(rule, input) {
    if (input.value !== undefined || sent(input, rule.field)) return undefined;
    return {
      code: 'parameter_missing',
      message: `${subjectOf(input.field)} is required when ${rule.field} is not sent.`,
      param: input.field,
    };
  },
  'at-most-related'(rule, input) {
    if (!rule.exhausted) return undefined;
    const bound = input.related?.[rule.field];
    if (typeof bound === 'number' && bound - (input.taken ?? 0) <= 0) {
      return {
        code: rule.exhausted,
        message: `The ${input.reference} parameter names ${relatedName(input).replace(/^the /, 'a ')}, ${excerpt(input.related?.id)}, with nothing left of its ${rule.field}${takenText(rule, input)}.`,
        param: input.reference ?? input.field,
      };
    }
    return undefined;
  },
};

/** The refusal a value earns under a rule, or nothing when it keeps it (or cannot be judged here). */
export function ruleProblem(rule: Rule, input: RuleInput): RequestProblem | undefined {
  // Each table is keyed by kind, so the check found there takes this rule.
  const presence = PRESENCE_CHECKS[rule.kind] as Check<RuleKind> | undefined;
  const problem = presence?.(rule, input);
  if (problem) return problem;
  if (input.value === undefined || input.value === null) return undefined;
  return (SENT_VALUE_CHECKS[rule.kind] as Check<RuleKind>)(rule, input);
}

/** Whether a rule needs the sandbox's objects to be judged, so the console cannot predict it. */
export function needsObjects(rule: Rule): boolean {
  return [
    'at-most-related',
    'currency-matches',
    'related-field-matches',
    'related-status-not',
    'unique',
  ].includes(rule.kind);
}
