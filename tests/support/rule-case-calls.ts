// The requests a rule case (rule-cases.ts) sends to the served build's sandbox: a sandbox of its
// own, the documented request of its operation made fresh for today, the call changed in one
// field, and the objects of the sandbox a rule compares the call with, found or made anew.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { collectionOf } from '@/lib/openapi/lifecycles';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { bodyFieldSchema, bodyWith, ruleCases, type RuleCase } from './rule-cases';
import { exampleRequests, type ExampleRequest } from './sandbox-contract';
import { sandboxToken } from './sandbox-token';

const document = loadDocument();
/** Every bound and rule case of the document. */
export const cases = ruleCases(document);
const examples = new Map(
  exampleRequests(document).map((request) => [request.operationId, request]),
);
export const HOUR_MS = 60 * 60 * 1000;

export type Json = Record<string, unknown>;
export type Answer = { status: number; body: Json & { error?: Json } };
export type Call = {
  path: string;
  body?: Json;
  headers: Record<string, string>;
  /** The fresh object the path names, and the ID of the one the example names. */
  object?: Json;
  exampleId?: string;
};

/** A case's own sandbox on the site at `baseUrl`: a token and where to send it. */
export type CaseSandbox = { baseUrl: string; token: string };

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
export async function openCaseSandbox(baseUrl: string): Promise<CaseSandbox> {
  return { baseUrl, token: await sandboxToken(baseUrl, retried) };
}

export async function send(
  sandbox: CaseSandbox,
  method: string,
  path: string,
  call: Partial<Call> = {},
) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${sandbox.token}`,
    ...call.headers,
  };
  if (method === 'POST' && !Object.keys(headers).some((name) => /^idempotency-key$/i.test(name)))
    headers['Idempotency-Key'] = randomUUID();
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const response = await retried(() =>
    fetch(`${sandbox.baseUrl}/sandbox${path}`, {
      method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const tomorrow = () => iso(Date.now() + 24 * HOUR_MS).slice(0, 10);

/** A value for a date field that keeps every rule of the document: soon, but in the future. */
export function keptDate(schema: RuleCase['schema']): string {
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
export async function freshObject(
  sandbox: CaseSandbox,
  template: string,
  overrides: Json = {},
): Promise<Json | undefined> {
  const collection = template.replace(/\/\{id\}.*$/, '');
  const create = [...examples.values()].find(
    (candidate) => candidate.template === collection && candidate.method === 'POST',
  );
  if (!create || collection === template) return undefined;
  const created = await send(sandbox, 'POST', create.path, {
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
export async function baseCall(sandbox: CaseSandbox, item: RuleCase): Promise<Call> {
  const request = examples.get(item.operationId)!;
  const operationCases = cases.filter((other) => other.operationId === item.operationId);
  const object = await freshObject(sandbox, item.template);
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
export function withField(call: Call, item: RuleCase, value: unknown): Call {
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
export async function relatedOf(sandbox: CaseSandbox, call: Call, references: string[]) {
  for (const reference of references) {
    if (reference === '$path') return call.object;
    const id = call.body?.[reference] ?? call.object?.[reference];
    if (typeof id !== 'string') continue;
    const kind = reference.slice(0, -'_id'.length);
    const found = await send(sandbox, 'GET', `/v1/${kind}s/${id}`);
    if (found.status === 200) return found.body;
  }
  return undefined;
}

/**
 * An object of the kind a reference names, moved to a status a rule refuses: `cancelled` by
 * `cancel`, `deleted` by deleting another one than the call's own.
 */
export async function objectInStatus(
  sandbox: CaseSandbox,
  reference: string,
  status: string,
  own: unknown,
) {
  const kind = reference.slice(0, -'_id'.length);
  if (status === 'deleted') {
    // Another object of the kind, of the same owner as the call's own where lists need one.
    const ownObject = (
      await send(sandbox, 'GET', `/v1/${collectionOfReference(reference)}/${String(own)}`)
    ).body;
    const owner = ownObject.customer_id ? `&customer_id=${String(ownObject.customer_id)}` : '';
    const listed = await send(
      sandbox,
      'GET',
      `/v1/${collectionOfReference(reference)}?limit=100${owner}`,
    );
    const other = (listed.body.data as Json[]).find((candidate) => candidate.id !== own);
    const deleted = await send(
      sandbox,
      'DELETE',
      `/v1/${collectionOfReference(reference)}/${String(other?.id)}`,
    );
    expect(deleted.body.status, `deleting a ${kind}`).toBe(status);
    return deleted.body;
  }
  const object = await freshObject(sandbox, `/v1/${kind}s/{id}`);
  const verb = status.replace(/l?ed$/, '');
  const moved = await send(sandbox, 'POST', `/v1/${kind}s/${String(object?.id)}/${verb}`, {
    body: {},
  });
  expect(moved.body.status, `moving a ${kind} to ${status}`).toBe(status);
  return moved.body;
}

/** The collection a reference's objects are listed at: `beneficiary_id` → `beneficiaries`. */
export const collectionOfReference = (reference: string) =>
  collectionOf(reference.slice(0, -'_id'.length));

/** The ID of any object a reference field can name, from the sandbox's list of them. */
export async function anyIdFor(
  sandbox: CaseSandbox,
  reference: string,
): Promise<string | undefined> {
  const found = await send(sandbox, 'GET', `/v1/${collectionOfReference(reference)}?limit=1`);
  return (found.body.data as Json[] | undefined)?.[0]?.id as string | undefined;
}

/**
 * A value the document gives a body field: an ID of the sandbox for a reference, else the field's
 * example, constant, first documented value or least number, or `true`.
 */
export async function documentedValue(
  sandbox: CaseSandbox,
  item: RuleCase,
  field: string,
): Promise<unknown> {
  if (field.endsWith('_id')) return anyIdFor(sandbox, field);
  const schema = bodyFieldSchema(document, item.operationId, field);
  if (!schema) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  return schema.type === 'boolean' ? true : undefined;
}

/** A value of a compared field other than the call's: another currency, or a new object's ID. */
export async function otherValue(
  sandbox: CaseSandbox,
  field: string,
  value: unknown,
): Promise<unknown> {
  if (field === 'currency') return ['GBP', 'EUR', 'USD'].find((currency) => currency !== value);
  return (await freshObject(sandbox, `/v1/${collectionOfReference(field)}/{id}`))?.id;
}
