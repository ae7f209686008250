// What a rule case sends: for each bound and business rule (rule-cases.ts), a request that breaks
// it with the error code the document gives, and one that keeps it, from the case's base call.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { durationMs, type Rule } from '@/lib/openapi/rules';
import { breakingValue, keysObject, valueAt, type CaseKeyword, type RuleCase } from './rule-cases';
import {
  anyIdFor,
  cases,
  collectionOfReference,
  documentedValue,
  freshObject,
  HOUR_MS,
  iso,
  keptDate,
  objectInStatus,
  otherValue,
  relatedOf,
  send,
  withField,
  type Answer,
  type Call,
  type CaseSandbox,
  type Json,
} from './rule-case-calls';

/**
 * The request that breaks the case and the code it is refused with (none for a default), the
 * request that keeps it, and what to check of the answer to that one.
 */
export type Planned = {
  breaking?: Call;
  code: string;
  kept?: Call;
  check?: (answer: Answer) => void;
};

export async function planRule(
  sandbox: CaseSandbox,
  item: Extract<RuleCase, { rule: Rule }>,
  call: Call,
): Promise<Planned> {
  const { rule } = item;
  const value = call.body?.[item.field];
  switch (rule.kind) {
    case 'future':
      return {
        breaking: withField(
          call,
          item,
          item.schema.format === 'date' ? '2020-01-01' : '2020-01-01T00:00:00Z',
        ),
        code: 'parameter_invalid',
        kept: withField(call, item, keptDate(item.schema)),
      };
    case 'within-after-creation': {
      const created = call.object?.created_at
        ? Date.parse(String(call.object.created_at))
        : Date.now();
      return {
        breaking: withField(call, item, iso(created + durationMs(rule.duration) + HOUR_MS)),
        code: 'parameter_invalid',
        kept: withField(call, item, keptDate(item.schema)),
      };
    }
    case 'default-after-creation': {
      const body = { ...call.body };
      delete body[item.field];
      return {
        code: '',
        kept: { ...call, body },
        check: (answer) => {
          const expected = Date.parse(String(answer.body.created_at)) + durationMs(rule.duration);
          expect(Math.abs(Date.parse(String(answer.body[item.field])) - expected)).toBeLessThan(
            2 * 60 * 1000,
          );
        },
      };
    }
    case 'minimum-charge-amount': {
      const minimum = rule.minimums[String(call.body?.currency)]!;
      return {
        breaking: withField(call, item, minimum - 1),
        code: 'amount_too_small',
        kept: withField(call, item, minimum),
      };
    }
    case 'at-most-related': {
      const related = await relatedOf(sandbox, call, rule.references);
      if (item.schema.format === 'date') {
        // A day: the related one, such as a booking's departure_date, and the day after it.
        const last = String(related?.[rule.field]);
        return {
          breaking: withField(call, item, iso(Date.parse(last) + 24 * HOUR_MS).slice(0, 10)),
          code: rule.code,
          kept: withField(call, item, value !== undefined && String(value) <= last ? value : last),
        };
      }
      let left = Number(related?.[rule.field]) - Number(rule.minus ? related?.[rule.minus] : 0);
      if (rule.less) {
        const others = await send(sandbox, 'GET', `/v1/${rule.less.kind}s?limit=100`);
        const reference = rule.references[0]!;
        left -= (others.body.data as Json[])
          .filter((other) => other.status === rule.less!.status && other[reference] === related?.id)
          .reduce((sum, other) => sum + Number(other.amount), 0);
      }
      return {
        breaking: withField(call, item, left + 1),
        code: rule.code,
        kept: withField(call, item, Math.min(Number(value ?? left), left)),
      };
    }
    case 'currency-matches': {
      const related = await relatedOf(sandbox, call, rule.references);
      const other = ['GBP', 'EUR', 'USD'].find((currency) => currency !== related?.currency);
      return { breaking: withField(call, item, other), code: 'currency_mismatch', kept: call };
    }
    case 'related-status-not': {
      const [reference] = rule.references;
      const refused = await objectInStatus(sandbox, reference!, rule.statuses[0]!, value);
      return { breaking: withField(call, item, refused.id), code: rule.code, kept: call };
    }
    case 'after-field': {
      const other = String(call.body?.[rule.field]);
      const before = rule.inclusive
        ? other.length === 10
          ? iso(Date.parse(other) - 24 * HOUR_MS).slice(0, 10)
          : iso(Date.parse(other) - 1000)
        : other;
      return { breaking: withField(call, item, before), code: 'parameter_invalid', kept: call };
    }
    case 'not-with': {
      // The field, from the document when the call lacks it, beside the one it excludes.
      const sent = withField(
        call,
        item,
        value ?? (await documentedValue(sandbox, item, item.field)),
      );
      const other = await documentedValue(sandbox, item, rule.field);
      return {
        breaking:
          other === undefined
            ? undefined
            : { ...sent, body: { ...sent.body, [rule.field]: other } },
        code: 'parameter_invalid',
        kept: call,
      };
    }
    case 'only-with': {
      // Sent without the field it needs, the body naming the field's alternative instead.
      const body = { ...call.body };
      delete body[rule.field];
      const exclusive = cases.find(
        (other) =>
          other.operationId === item.operationId &&
          other.field === rule.field &&
          'rule' in other &&
          other.rule.kind === 'not-with',
      );
      const alternative =
        exclusive && 'rule' in exclusive && 'field' in exclusive.rule
          ? exclusive.rule.field
          : undefined;
      if (alternative) body[alternative] = await anyIdFor(sandbox, alternative);
      return { breaking: { ...call, body }, code: 'parameter_invalid', kept: call };
    }
    case 'required-without': {
      const body = { ...call.body };
      delete body[item.field];
      delete body[rule.field];
      return { breaking: { ...call, body }, code: 'parameter_missing', kept: call };
    }
    case 'related-field-matches': {
      if (rule.of) {
        // The object `of` names made anew for another owner, such as a booking of a new customer.
        const owner = await freshObject(sandbox, `/v1/${collectionOfReference(rule.field)}/{id}`);
        const counterpart = await freshObject(
          sandbox,
          `/v1/${collectionOfReference(rule.of)}/{id}`,
          {
            [rule.field]: owner?.id,
          },
        );
        return {
          breaking: { ...call, body: { ...call.body, [rule.of]: counterpart?.id } },
          code: rule.code,
          kept: call,
        };
      }
      const expectedOf = (field: string) => call.body?.[field] ?? call.object?.[field];
      const expected = expectedOf(rule.field);
      // The fields the field's other rules compare stay alike, so that only this rule is broken.
      const alike = Object.fromEntries(
        item.rules.flatMap((other) =>
          other.kind === 'related-field-matches' && !other.of && other !== rule
            ? [[other.field, expectedOf(other.field)]]
            : [],
        ),
      );
      const [reference] = rule.references;
      const others = await send(
        sandbox,
        'GET',
        `/v1/${collectionOfReference(reference!)}?limit=100`,
      );
      const listed = (others.body.data as Json[] | undefined)?.find(
        (candidate) =>
          candidate[rule.field] !== expected &&
          Object.entries(alike).every(([field, value]) => candidate[field] === value) &&
          !['cancelled', 'completed'].includes(String(candidate.status)),
      );
      // None of the sandbox's differs, such as a booking in another currency: one made anew.
      const other =
        listed ??
        (await freshObject(sandbox, `/v1/${collectionOfReference(reference!)}/{id}`, {
          ...alike,
          [rule.field]: await otherValue(sandbox, rule.field, expected),
        }));
      return {
        breaking: other && expected !== undefined ? withField(call, item, other.id) : undefined,
        code: rule.code,
        kept: call,
      };
    }
    case 'item-requires':
      return {
        breaking: withField(call, item, [rule.item]),
        code: 'parameter_invalid',
        kept: call,
      };
    case 'unique': {
      const first = await send(sandbox, 'POST', call.path, call);
      expect(first.status).toBeLessThan(300);
      return {
        breaking: call,
        code: rule.code,
        kept: withField(call, item, `${String(value)}-${randomUUID().slice(0, 8)}`),
      };
    }
  }
}

/** A value at the bound that keeps it: the longest free text, the most keys, the constant. */
function boundaryOf({ schema, keyword, where }: RuleCase & { keyword: CaseKeyword }): unknown {
  switch (keyword) {
    case 'maxLength':
      return schema.pattern || schema.format || schema.enum
        ? undefined
        : 'a'.repeat(schema.maxLength!);
    case 'const':
      return schema.const;
    case 'maxProperties':
      return keysObject(schema.maxProperties!);
    case 'propertyNames.maxLength':
      return { ['a'.repeat(schema.propertyNames!.maxLength!)]: 'x' };
    case 'minimum':
      return where === 'query' ? schema.minimum : undefined;
    case 'maximum':
      return where === 'query' ? schema.maximum : undefined;
    default:
      return undefined;
  }
}

export function planBound(item: RuleCase & { keyword: CaseKeyword }, call: Call): Planned {
  const sent = item.where === 'body' ? valueAt(call.body, item) : undefined;
  const boundary = boundaryOf(item);
  if (item.keyword === 'required')
    return {
      breaking: withField(call, item, undefined),
      code: 'parameter_missing',
      kept: withField(call, item, sent),
    };
  const breaking = breakingValue(item.schema, item.keyword, sent);
  return {
    breaking: breaking === undefined ? undefined : withField(call, item, breaking),
    code: 'parameter_invalid',
    // A body field inside another is sent within the outer field's example when the call lacks it.
    kept:
      boundary !== undefined
        ? withField(call, item, boundary)
        : item.where === 'body'
          ? withField(call, item, sent)
          : call,
  };
}
