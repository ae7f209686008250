import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import {
  declaredHeaders,
  exampleRequests,
  responseValidator,
  type ExampleRequest,
} from '../../support/sandbox-contract';
import { startSandboxServer } from '../../support/sandbox-server';

const document = loadDocument();
const validResponse = responseValidator(document);
const requests = exampleRequests(document);
let server: Awaited<ReturnType<typeof startSandboxServer>>;

beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

/** The documented request, with the sandbox's own key pair where the example shows live keys. */
function bodyOf(request: ExampleRequest) {
  if (request.operationId !== 'createAccessToken') return request.body;
  return { public_key: SANDBOX_KEY_PAIR.publicKey, private_key: SANDBOX_KEY_PAIR.privateKey };
}

/**
 * A fresh object of the collection an `{id}` path belongs to, made with its create example; a
 * test helper's path acts on an object of the collection it helps with.
 */
async function freshObjectPath(request: ExampleRequest, token: string) {
  const prefix = request.template.replace(/\/\{id\}.*$/, '');
  const collection = prefix.replace('/v1/test_helpers/', '/v1/');
  const create = requests.find(
    (candidate) => candidate.template === collection && candidate.method === 'POST',
  );
  if (!create) return undefined;
  const created = await server.call('POST', create.path, {
    token,
    body: create.body,
    headers: { 'Idempotency-Key': randomUUID() },
  });
  const rest = request.template.slice(prefix.length + '/{id}'.length);
  return `${prefix}/${created.body.id}${rest}`;
}

/** Cancels the scheduled payments that will charge a card, as `tokenised_card_in_use` advises. */
async function freeCard(path: string, token: string) {
  const cardId = path.split('/').at(-1);
  const payments = await server.call('GET', '/v1/scheduled_payments?status=scheduled', { token });
  for (const payment of payments.body.data as { id: string; tokenised_card_id: string }[]) {
    if (payment.tokenised_card_id !== cardId) continue;
    await server.call('POST', `/v1/scheduled_payments/${payment.id}/cancel`, {
      token,
      headers: { 'Idempotency-Key': randomUUID() },
    });
  }
  return path;
}

/** Headers the document declares on a response, except those sent only on replays and refusals. */
const ALWAYS_SENT = (name: string) => !['idempotent-replayed', 'retry-after'].includes(name);

describe('every operation of the document', () => {
  it('is tested', () => {
    expect(requests.length).toBe(server.sandbox.model.operations.size);
    expect(requests.length).toBeGreaterThan(100);
  });

  it.each(requests.map((request) => [request.operationId, request] as const))(
    '%s answers its documented example with a response valid against its schema',
    async (_, request) => {
      const token = await server.token();
      const send = (path: string) => {
        const headers = { ...request.headers };
        if (headers['Idempotency-Key']) headers['Idempotency-Key'] = randomUUID();
        return server.call(request.method, path, { token, body: bodyOf(request), headers });
      };
      let answer = await send(request.path);
      // The sample object the example names may be in a state that refuses the action (a paid
      // payout cannot be cancelled): the action is then tried on a fresh object, as a client would.
      if (answer.status === 409 && request.template.includes('{id}')) {
        const path =
          answer.body.error.code === 'tokenised_card_in_use'
            ? await freeCard(request.path, token)
            : await freshObjectPath(request, token);
        if (path) answer = await send(path);
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(request.successStatus);
      expect(validResponse(request.operationId, answer.status, answer.body)).toEqual([]);
      expect(answer.headers.get('kestrel-request-id')).toMatch(/^req_/);
      const headers = declaredHeaders(document, request.operationId, answer.status);
      expect(headers).toContain('kestrel-request-id');
      for (const name of headers.filter(ALWAYS_SENT)) {
        expect(answer.headers.get(name), name).not.toBeNull();
      }
      expect(answer.headers.get('kestrel-version')).toBe(server.sandbox.model.versions.current);
    },
  );
});
