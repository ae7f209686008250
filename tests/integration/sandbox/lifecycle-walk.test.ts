import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { lifecycles, refusalOf, requestOperation, rowsFrom } from '@/lib/openapi/lifecycles';
import { ruleCases } from '../../support/rule-cases';
import { exampleRequests } from '../../support/sandbox-contract';
import { startSandboxServer } from '../../support/sandbox-server';

// Every request row of the document's x-lifecycle tables, walked against the sandbox as a client
// calls it: an object in a status a row starts from moves to a status a row leads to, with that
// row's events; from any other status the request answers the table's refusal.
const document = loadDocument();
const examples = new Map(
  exampleRequests(document).map((request) => [request.operationId, request]),
);
/** Body fields ruled to be in the future, by operation: the examples' dates have passed since. */
const futureFields = ruleCases(document).flatMap((item) =>
  'rule' in item && item.rule.kind === 'future' && item.where === 'body' ? [item] : [],
);

let server: Awaited<ReturnType<typeof startSandboxServer>>;
beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

type Json = Record<string, unknown>;

/** The documented request of an operation, its future dates moved to tomorrow. */
function documented(operationId: string) {
  const request = examples.get(operationId)!;
  const body = structuredClone(request.body ?? {}) as Json;
  for (const item of futureFields.filter((field) => field.operationId === operationId)) {
    if (!(item.field in body)) continue;
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    body[item.field] = item.schema.format === 'date' ? tomorrow.slice(0, 10) : tomorrow;
  }
  return { ...request, body: request.body === undefined ? undefined : body };
}

/** A sandbox of its own, and an object of `kind` as it starts there: created, or the seeded one. */
async function startingObject(kind: string, actionOperationId: string) {
  const token = await server.token();
  const headers = () => ({ 'Idempotency-Key': randomUUID() });
  const create = requestOperation(document, kind, 'create');
  if (create) {
    const request = documented(create);
    const created = await server.call('POST', request.path.replace(/^\/v1/, '/v1'), {
      token,
      body: request.body,
      headers: headers(),
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    return { token, object: created.body as Json };
  }
  const action = examples.get(actionOperationId)!;
  const path = action.path.replace(/\/[a-z_]+$/, '').replace(/\/test_helpers/, '');
  const seeded = await server.call('GET', path, { token });
  expect(seeded.status, path).toBe(200);
  return { token, object: seeded.body as Json };
}

/** Cancels what holds on to a card, as its page says to before deleting it. */
async function releaseHolds(kind: string, object: Json, token: string) {
  if (kind !== 'tokenised_card') return;
  const payments = await server.call('GET', '/v1/scheduled_payments?limit=100', { token });
  for (const payment of payments.body.data as Json[]) {
    if (payment.tokenised_card_id !== object.id || payment.status !== 'scheduled') continue;
    await server.call('POST', `/v1/scheduled_payments/${String(payment.id)}/cancel`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
    });
  }
}

const walks = [...lifecycles(document).values()].flatMap((table) => {
  const requests = new Set(
    table.rows.filter((row) => row.from && row.request).map((row) => row.request!),
  );
  return [...requests].map((request) => ({ table, request }));
});

describe('the lifecycle tables, walked against the sandbox', () => {
  it('walk every request row of the document', () => {
    expect(walks.length).toBeGreaterThanOrEqual(15);
  });

  it.each(walks.map((walk) => [`${walk.table.kind} ${walk.request}`, walk] as const))(
    '%s',
    async (_, { table, request }) => {
      const operationId = requestOperation(document, table.kind, request)!;
      const { token, object } = await startingObject(table.kind, operationId);
      const from = String(object.status);
      await releaseHolds(table.kind, object, token);
      const example = documented(operationId);
      const path = example.template.replace(/\{[a-z_]+\}/, String(object.id));
      const answer = await server.call(example.method, path, {
        token,
        body: example.body,
        headers: { 'Idempotency-Key': randomUUID() },
      });
      const rows = rowsFrom(table, request, from);
      if (rows.length === 0) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(409);
        expect(answer.body.error.code).toBe(refusalOf(table, request, from));
        return;
      }
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      const collection = example.template
        .replace(/\/\{[a-z_]+\}.*$/, '')
        .replace('/test_helpers', '');
      const after = await server.call('GET', `${collection}/${String(object.id)}`, { token });
      const to = String(after.body.status);
      const taken = rows.filter((row) => row.to === to);
      expect(taken, `${from} → ${to}`).not.toEqual([]);
      const sent = ((await server.call('GET', '/inbox', { token })).body.data as Json[]).map(
        (event) => event.type,
      );
      const expected = taken.map((row) => row.events ?? []);
      expect(expected.some((events) => events.every((type) => sent.includes(type)))).toBe(true);
    },
  );
});
