import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { MAX_JSON_DEPTH } from '@/lib/sandbox/limits';
import { NOT_AN_OBJECT_PROBLEM } from '@/lib/sandbox/validation-messages';
import type { SandboxOperation } from '@/lib/sandbox/model';
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

type Broken = { path: string; body?: unknown; auth: boolean; code: string; param: string | null };

/** The request made invalid in the first way the operation allows, with the error it must get. */
function broken(operation: SandboxOperation, request: ExampleRequest): Broken {
  const { path, body } = request;
  const required = operation.body?.required[0];
  if (required && body && typeof body === 'object') {
    const rest = Object.fromEntries(Object.entries(body).filter(([name]) => name !== required));
    return { path, body: rest, auth: true, code: 'parameter_missing', param: required };
  }
  if (operation.body) {
    const sent = { ...(body as object), unexpected_field: 1 };
    return { path, body: sent, auth: true, code: 'parameter_invalid', param: 'unexpected_field' };
  }
  if (operation.shape === 'list') {
    const url = new URL(path, 'http://sandbox.test');
    url.searchParams.set('limit', '1000');
    return {
      path: `${url.pathname}${url.search}`,
      auth: true,
      code: 'parameter_invalid',
      param: 'limit',
    };
  }
  if (operation.idParam) {
    const unknown = operation.idParam === 'id' ? 'xx_doesnotexist' : 'XYZ';
    const filled = path.split('/');
    const missing = request.template
      .split('/')
      .map((segment, index) => (segment === `{${operation.idParam}}` ? unknown : filled[index]))
      .join('/');
    return { path: missing, auth: true, code: 'resource_missing', param: operation.idParam };
  }
  return { path, auth: false, code: 'token_missing', param: null };
}

describe('an invalid request to every operation', () => {
  it.each(requests.map((request) => [request.operationId, request] as const))(
    '%s answers the documented error',
    async (_, request) => {
      const operation = server.sandbox.model.operations.get(request.operationId)!;
      const invalid = broken(operation, request);
      const token = await server.token();
      const headers: Record<string, string> = { ...request.headers };
      if (headers['Idempotency-Key']) headers['Idempotency-Key'] = randomUUID();
      const answer = await server.call(request.method, invalid.path, {
        token: invalid.auth ? token : undefined,
        body: invalid.body,
        headers,
      });
      expect(answer.body.error?.code, JSON.stringify(answer.body)).toBe(invalid.code);
      expect(answer.body.error.param).toBe(invalid.param);
      expect(answer.status).toBe(server.sandbox.model.errors.get(invalid.code)!.status);
      expect(validResponse(request.operationId, answer.status, answer.body)).toEqual([]);
      expect(answer.body.error.request_id).toBe(answer.headers.get('kestrel-request-id'));
      const declared = declaredHeaders(document, request.operationId, answer.status);
      expect(declared).toContain('ratelimit-remaining');
      for (const name of declared.filter((header) => header !== 'idempotent-replayed')) {
        expect(answer.headers.get(name), name).not.toBeNull();
      }
    },
  );

  it('names the missing Idempotency-Key header as the documentation spells it', async () => {
    const token = await server.token();
    const create = requests.find((request) => request.operationId === 'createCharge')!;
    const answer = await server.call('POST', create.path, { token, body: create.body });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 'parameter_missing',
      param: 'Idempotency-Key',
    });
  });

  it('refuses an API version it does not know, naming the header', async () => {
    const token = await server.token();
    const answer = await server.call('GET', '/v1/charges', {
      token,
      headers: { 'Kestrel-Version': '2019-01-01' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'Kestrel-Version',
    });
    expect(answer.headers.get('kestrel-version')).toBe(server.sandbox.model.versions.current);
  });

  it('refuses a body that is not JSON, and an unknown path, in the error envelope', async () => {
    const token = await server.token();
    const garbled = await fetch(`${server.base}/v1/customers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': 'k1',
      },
      body: '{"name": <script>',
    });
    expect(garbled.status).toBe(400);
    expect((await garbled.json()).error.code).toBe('parameter_invalid');
    const unknown = await server.call('GET', '/v1/nothing-here', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('resource_missing');
  });

  it('answers a method a documented path does not take with 405 and the path’s methods', async () => {
    const token = await server.token();
    for (const [method, path, allow] of [
      ['DELETE', '/v1/charges', 'GET, HEAD, POST'],
      ['PUT', '/v1/charges/ch_missing', 'GET, HEAD, PATCH'],
    ] as const) {
      const refused = await server.call(method, path, { token });
      expect(refused.status, `${method} ${path}`).toBe(405);
      expect(refused.headers.get('allow')).toBe(allow);
      expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: null });
      expect(refused.body.error.message).toContain(`takes ${allow}, not ${method}`);
    }
  });

  it('never echoes markup: typed values come back as JSON with <, > and & escaped', async () => {
    const token = await server.token();
    const response = await fetch(`${server.base}/v1/customers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ name: '<img src=x onerror=alert(1)>', email: 'a@example.com' }),
    });
    const text = await response.text();
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(text).not.toContain('<img');
    expect(JSON.parse(text).name).toBe('<img src=x onerror=alert(1)>');
  });

  const CUSTOMER = '{"name": "A", "email": "a@example.com"}';
  const charge = (amount: string) =>
    `{"amount": ${amount}, "currency": "GBP", "booking_id": "bk_8Jd2kLq", "tokenised_card_id": "tc_4Nf8xPz"}`;

  /** A create with a raw body, as a client that writes its own JSON sends it, and what it left. */
  async function createRaw(
    path: string,
    body: string | Uint8Array<ArrayBuffer>,
    contentType = 'application/json',
  ) {
    const token = await server.token();
    const key = randomUUID();
    const send = () =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'idempotency-key': key,
        },
        body,
      });
    const count = async () =>
      (await server.call('GET', `${path}?limit=100`, { token })).body.data.length;
    const before = await count();
    const answer = await send();
    return {
      status: answer.status,
      error: (await answer.json()).error,
      send,
      created: (await count()) - before,
    };
  }

  it(`refuses a body nested deeper than ${MAX_JSON_DEPTH} levels with 400, and replays that refusal`, async () => {
    const deep = `{"name": "A", "email": "a@example.com", "metadata": {"a": ${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    const refused = await createRaw('/v1/customers', deep);
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'parameter_invalid', param: null });
    expect(refused.error.message).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
    const again = await refused.send();
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // At the limit the body is read, and refused only for what the schema says of metadata.
    const atLimit = `{"name": "A", "email": "a@example.com", "metadata": {"a": ${'['.repeat(MAX_JSON_DEPTH - 2)}${']'.repeat(MAX_JSON_DEPTH - 2)}}}`;
    const schemaRefusal = await createRaw('/v1/customers', atLimit);
    expect(schemaRefusal.error).toMatchObject({ code: 'parameter_invalid', param: 'metadata.a' });
  });

  it.each([
    ['a string holding JSON, as assistants send nested JSON', JSON.stringify(CUSTOMER)],
    ['an array', '[]'],
    ['a number', '42'],
    ['null', 'null'],
    ['true', 'true'],
  ])('refuses a body that is %s with 400: a body is a JSON object', async (_, body) => {
    const refused = await createRaw('/v1/customers', body);
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'parameter_invalid', param: null });
    expect(refused.error.message).toBe(NOT_AN_OBJECT_PROBLEM.message);
    expect(refused.created).toBe(0);
  });

  it.each([
    ['too large to represent', '1e309'],
    ['beyond 2^53, where it would lose precision', '9007199254740993'],
  ])('refuses a number %s with 400 naming the field, and creates nothing', async (_, amount) => {
    const refused = await createRaw('/v1/charges', charge(amount));
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'parameter_invalid', param: 'amount' });
    expect(refused.created).toBe(0);
    expect((await createRaw('/v1/charges', charge('9007199254740991'))).status).toBe(201);
  });

  it('refuses a body that is not UTF-8 with 400, rather than keeping what it cannot read', async () => {
    // The customer as Latin-1 writes it: é is the single byte 0xE9, which UTF-8 never sends alone.
    const latin1 = Uint8Array.from(
      Buffer.from('{"name": "Amélie Hart", "email": "a@example.com"}', 'latin1'),
    );
    const refused = await createRaw('/v1/customers', latin1);
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'parameter_invalid', param: null });
    expect(refused.error.message).toContain('not valid UTF-8');
    expect(refused.created).toBe(0);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'])(
    'refuses a body sent as %s with 415 in the error envelope',
    async (contentType) => {
      const refused = await createRaw('/v1/customers', CUSTOMER, contentType);
      expect(refused.status).toBe(415);
      expect(refused.error).toMatchObject({ code: 'parameter_invalid', param: 'Content-Type' });
      expect(refused.created).toBe(0);
    },
  );

  it('takes JSON with a charset in any case, and an action without a body or content type', async () => {
    const created = await createRaw('/v1/customers', CUSTOMER, 'Application/JSON; charset=UTF-8');
    expect(created.status).toBe(201);
    const token = await server.token();
    const authorised = await server.call('POST', '/v1/charges', {
      token,
      body: { ...JSON.parse(charge('100')), capture: false },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    const captured = await fetch(`${server.base}/v1/charges/${authorised.body.id}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    });
    expect(captured.status).toBe(200);
  });
});
