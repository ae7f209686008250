// The sandbox of the served build holds to every bound and business rule the document states:
// for each (derived from openapi/openapi.yaml), a request that breaks it gets the documented
// error in the documented message style, and one that keeps it is accepted.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { collectionOf } from '@/lib/openapi/lifecycles';
import { durationMs, type Rule } from '@/lib/openapi/rules';
import {
  bodyFieldSchema,
  bodyWith,
  breakingValue,
  caseName,
  keysObject,
  paramOf,
  ruleCases,
  valueAt,
  type CaseKeyword,
  type RuleCase,
} from '../support/rule-cases';
import { exampleRequests, type ExampleRequest } from '../support/sandbox-contract';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { sandboxToken } from '../support/sandbox-token';

const document = loadDocument();
const cases = ruleCases(document);
const examples = new Map(
  exampleRequests(document).map((request) => [request.operationId, request]),
);
/** The one style of a refusal about a field: `The description parameter must be at most 255 characters.` */
const MESSAGE_STYLE = /^The [\w.-]+ (parameter|header) \S[^\n]*\.$/;
const HOUR_MS = 60 * 60 * 1000;

type Json = Record<string, unknown>;
type Answer = { status: number; body: Json & { error?: Json } };
type Call = {
  path: string;
  body?: Json;
  headers: Record<string, string>;
  /** The fresh object the path names, and the ID of the one the example names. */
  object?: Json;
  exampleId?: string;
};

let baseUrl = '';

beforeAll(() => {
  baseUrl = inject('baseUrl');
});

/** Waits as a 429 says, then asks again: the cases run faster than the per-client limits allow. */
async function retried(request: () => Promise<Response>): Promise<Response> {
  for (;;) {
    const response = await request();
    const retryAfter = Number(response.headers.get('retry-after'));
    if (response.status !== 429 || !(retryAfter > 0)) return response;
    await new Promise((done) => setTimeout(done, retryAfter * 1000));
  }
}

/** A sandbox of its own for each case, so what one case makes or spends never meets another. */
const newSandbox = () => sandboxToken(baseUrl, retried);

async function send(token: string, method: string, path: string, call: Partial<Call> = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...call.headers };
  if (method === 'POST' && !Object.keys(headers).some((name) => /^idempotency-key$/i.test(name)))
    headers['Idempotency-Key'] = randomUUID();
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const response = await retried(() =>
    fetch(`${baseUrl}/sandbox${path}`, {
      method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const tomorrow = () => iso(Date.now() + 24 * HOUR_MS).slice(0, 10);

/** A value for a date field that keeps every rule of the document: soon, but in the future. */
function keptDate(schema: RuleCase['schema']): string {
  return schema.format === 'date' ? tomorrow() : iso(Date.now() + HOUR_MS / 2);
}

/**
 * The example body as it would be sent today: its dates ruled to be in the future moved to now,
 * and the sandbox's key pair for the documented live one.
 */
function freshBody(request: ExampleRequest, operationCases: RuleCase[]): Json | undefined {
  if (request.body === undefined) return undefined;
  const body = structuredClone(request.body) as Json;
  if ('public_key' in body && 'private_key' in body) {
    body.public_key = SANDBOX_KEY_PAIR.publicKey;
    body.private_key = SANDBOX_KEY_PAIR.privateKey;
  }
  for (const item of operationCases) {
    if ('rule' in item && item.rule.kind === 'future' && item.field in body)
      body[item.field] = keptDate(item.schema);
  }
  return body;
}

/** A new object of the collection a `{id}` path belongs to, made with its create example. */
async function freshObject(
  token: string,
  template: string,
  overrides: Json = {},
): Promise<Json | undefined> {
  const collection = template.replace(/\/\{id\}.*$/, '');
  const create = [...examples.values()].find(
    (candidate) => candidate.template === collection && candidate.method === 'POST',
  );
  if (!create || collection === template) return undefined;
  const created = await send(token, 'POST', create.path, {
    body: {
      ...freshBody(
        create,
        cases.filter((item) => item.operationId === create.operationId),
      ),
      ...overrides,
    },
  });
  expect(created.status, `creating a fresh object at ${collection}`).toBeLessThan(300);
  return created.body;
}

/** The documented request of the case's operation, on a fresh object when its path names one. */
async function baseCall(token: string, item: RuleCase): Promise<Call> {
  const request = examples.get(item.operationId)!;
  const operationCases = cases.filter((other) => other.operationId === item.operationId);
  const object = await freshObject(token, item.template);
  // The example path, with the fresh object's ID where the template has `{id}`.
  const index = request.template.split('/').indexOf('{id}');
  const segments = request.path.split('/');
  const exampleId = segments[index];
  if (object && index !== -1) segments[index] = String(object.id);
  const path = segments.join('/');
  const headers = { ...request.headers };
  delete headers['Idempotency-Key'];
  const body = freshBody(request, operationCases);
  // The fields that the case's body field cannot be sent with are left out: `lodging` for `airline`.
  const [outer] = item.field.split(/[.[]/);
  for (const other of operationCases) {
    if (body && other.field === outer && 'rule' in other && other.rule.kind === 'not-with')
      delete body[other.rule.field];
  }
  return { path, body, headers, object, exampleId: object && exampleId };
}

/** The call with the case's field set to a value, or without it when the value is `undefined`. */
function withField(call: Call, item: RuleCase, value: unknown): Call {
  if (item.where === 'body') return { ...call, body: bodyWith(call.body, item, value) };
  if (item.where === 'header')
    return { ...call, headers: { ...call.headers, [item.field]: String(value) } };
  const url = new URL(call.path, 'http://sandbox.test');
  url.searchParams.set(item.field, String(value));
  return { ...call, path: `${url.pathname}${url.search}` };
}

/**
 * An object the body references, or else the object the path names does, read from the sandbox;
 * `$path` is the object the path names.
 */
async function relatedOf(token: string, call: Call, references: string[]) {
  for (const reference of references) {
    if (reference === '$path') return call.object;
    const id = call.body?.[reference] ?? call.object?.[reference];
    if (typeof id !== 'string') continue;
    const kind = reference.slice(0, -'_id'.length);
    const found = await send(token, 'GET', `/v1/${kind}s/${id}`);
    if (found.status === 200) return found.body;
  }
  return undefined;
}

/**
 * An object of the kind a reference names, moved to a status a rule refuses: `cancelled` by
 * `cancel`, `deleted` by deleting another one than the call's own.
 */
async function objectInStatus(token: string, reference: string, status: string, own: unknown) {
  const kind = reference.slice(0, -'_id'.length);
  if (status === 'deleted') {
    // Another object of the kind, of the same owner as the call's own where lists need one.
    const ownObject = (
      await send(token, 'GET', `/v1/${collectionOfReference(reference)}/${String(own)}`)
    ).body;
    const owner = ownObject.customer_id ? `&customer_id=${String(ownObject.customer_id)}` : '';
    const listed = await send(
      token,
      'GET',
      `/v1/${collectionOfReference(reference)}?limit=100${owner}`,
    );
    const other = (listed.body.data as Json[]).find((candidate) => candidate.id !== own);
    const deleted = await send(
      token,
      'DELETE',
      `/v1/${collectionOfReference(reference)}/${String(other?.id)}`,
    );
    expect(deleted.body.status, `deleting a ${kind}`).toBe(status);
    return deleted.body;
  }
  const object = await freshObject(token, `/v1/${kind}s/{id}`);
  const verb = status.replace(/l?ed$/, '');
  const moved = await send(token, 'POST', `/v1/${kind}s/${String(object?.id)}/${verb}`, {
    body: {},
  });
  expect(moved.body.status, `moving a ${kind} to ${status}`).toBe(status);
  return moved.body;
}

/** The collection a reference's objects are listed at: `beneficiary_id` → `beneficiaries`. */
const collectionOfReference = (reference: string) =>
  collectionOf(reference.slice(0, -'_id'.length));

/** The ID of any object a reference field can name, from the sandbox's list of them. */
async function anyIdFor(token: string, reference: string): Promise<string | undefined> {
  const found = await send(token, 'GET', `/v1/${collectionOfReference(reference)}?limit=1`);
  return (found.body.data as Json[] | undefined)?.[0]?.id as string | undefined;
}

/**
 * A value the document gives a body field: an ID of the sandbox for a reference, else the field's
 * example, constant, first documented value or least number, or `true`.
 */
async function documentedValue(token: string, item: RuleCase, field: string): Promise<unknown> {
  if (field.endsWith('_id')) return anyIdFor(token, field);
  const schema = bodyFieldSchema(document, item.operationId, field);
  if (!schema) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  return schema.type === 'boolean' ? true : undefined;
}

/** A value of a compared field other than the call's: another currency, or a new object's ID. */
async function otherValue(token: string, field: string, value: unknown): Promise<unknown> {
  if (field === 'currency') return ['GBP', 'EUR', 'USD'].find((currency) => currency !== value);
  return (await freshObject(token, `/v1/${collectionOfReference(field)}/{id}`))?.id;
}

type Planned = { breaking?: Call; code: string; kept?: Call; check?: (answer: Answer) => void };

async function planRule(
  token: string,
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
      const related = await relatedOf(token, call, rule.references);
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
        const others = await send(token, 'GET', `/v1/${rule.less.kind}s?limit=100`);
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
      const related = await relatedOf(token, call, rule.references);
      const other = ['GBP', 'EUR', 'USD'].find((currency) => currency !== related?.currency);
      return { breaking: withField(call, item, other), code: 'currency_mismatch', kept: call };
    }
    case 'related-status-not': {
      const [reference] = rule.references;
      const refused = await objectInStatus(token, reference!, rule.statuses[0]!, value);
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
      const sent = withField(call, item, value ?? (await documentedValue(token, item, item.field)));
      const other = await documentedValue(token, item, rule.field);
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
      if (alternative) body[alternative] = await anyIdFor(token, alternative);
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
        const owner = await freshObject(token, `/v1/${collectionOfReference(rule.field)}/{id}`);
        const counterpart = await freshObject(token, `/v1/${collectionOfReference(rule.of)}/{id}`, {
          [rule.field]: owner?.id,
        });
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
      const others = await send(token, 'GET', `/v1/${collectionOfReference(reference!)}?limit=100`);
      const listed = (others.body.data as Json[] | undefined)?.find(
        (candidate) =>
          candidate[rule.field] !== expected &&
          Object.entries(alike).every(([field, value]) => candidate[field] === value) &&
          !['cancelled', 'completed'].includes(String(candidate.status)),
      );
      // None of the sandbox's differs, such as a booking in another currency: one made anew.
      const other =
        listed ??
        (await freshObject(token, `/v1/${collectionOfReference(reference!)}/{id}`, {
          ...alike,
          [rule.field]: await otherValue(token, rule.field, expected),
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
      const first = await send(token, 'POST', call.path, call);
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

function planBound(item: RuleCase & { keyword: CaseKeyword }, call: Call): Planned {
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

describe('every bound and rule of the document, against the served sandbox', () => {
  it('has cases for every x-rules kind the document uses, and for the schema bounds', () => {
    expect(cases.filter((item) => 'rule' in item).length).toBeGreaterThan(30);
    expect(cases.filter((item) => 'keyword' in item).length).toBeGreaterThan(100);
  });

  // Each case has a sandbox of its own, so they run side by side.
  it.concurrent.each(cases.map((item) => [caseName(item), item] as const))(
    '%s',
    async (_, item) => {
      const token = await newSandbox();
      const call = await baseCall(token, item);
      const planned = 'rule' in item ? await planRule(token, item, call) : planBound(item, call);
      const method = item.method;
      // Every case but a default sends a request that breaks its rule.
      if (planned.code) expect(planned.breaking, 'no request breaks the rule').toBeDefined();
      if (planned.breaking) {
        const refused = await send(token, method, planned.breaking.path, planned.breaking);
        expect(refused.status, JSON.stringify(refused.body)).toBeGreaterThanOrEqual(400);
        expect(refused.body.error).toMatchObject({ code: planned.code, param: paramOf(item) });
        expect(String(refused.body.error?.message)).toMatch(MESSAGE_STYLE);
      }
      // The object the breaking request was refused on is unchanged, so the same one serves again.
      const kept = planned.kept!;
      let accepted = await send(token, method, kept.path, kept);
      // A fresh object may lack what the documented request was written for (a bank account still
      // being verified, a customer without the example's card): the example's own object serves.
      if (accepted.status >= 400 && kept.object && kept.exampleId) {
        const path = kept.path.replace(String(kept.object.id), kept.exampleId);
        accepted = await send(token, method, path, kept);
      }
      // A documented conflict of the object's state (a card a scheduled payment will charge) is not
      // about the field: the value was kept.
      const conflict = accepted.status === 409 && accepted.body.error?.param !== paramOf(item);
      if (!conflict) expect(accepted.status, JSON.stringify(accepted.body)).toBeLessThan(300);
      planned.check?.(accepted);
    },
  );
});
