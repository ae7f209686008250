// Roles as the Authentication page describes them and each endpoint's mark says: a key pair's
// tokens may call an operation only with one of its `x-roles`, else `403`
// `insufficient_permissions` before anything runs; pairs created with the API get exactly theirs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { RESTRICTED_KEY_PAIRS, SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { exampleRequests } from '../../support/sandbox-contract';
import { startSandboxServer } from '../../support/sandbox-server';

const requests = exampleRequests(loadDocument());
let server: Awaited<ReturnType<typeof startSandboxServer>>;

beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

type Keys = { public_key: string; private_key: string };
const keysOf = (pair: { publicKey: string; privateKey: string }): Keys => ({
  public_key: pair.publicKey,
  private_key: pair.privateKey,
});

async function tokenOf(keys: Keys): Promise<string> {
  const answer = await server.call('POST', '/v1/auth/token', { body: keys });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.access_token as string;
}

/** A token of the documented restricted pair with this role alone, one per role for the suite. */
const restrictedTokens = new Map<string, Promise<string>>();
function restrictedToken(role: string) {
  const pair = RESTRICTED_KEY_PAIRS.find((candidate) => candidate.role === role)!;
  if (!restrictedTokens.has(role)) restrictedTokens.set(role, tokenOf(keysOf(pair)));
  return restrictedTokens.get(role)!;
}

const post = (path: string, token: string, body: unknown) =>
  server.call('POST', path, { token, body, headers: { 'Idempotency-Key': randomUUID() } });

describe('the restricted key pairs, for every operation', () => {
  it('covers every operation of the document', () => {
    expect(requests.length).toBe(server.sandbox.model.operations.size);
  });

  it.each(requests.map((request) => [request.operationId, request] as const))(
    '%s refuses a pair without its roles with 403, and lets a pair with one of them through',
    async (operationId, request) => {
      const { access } = server.sandbox.model.operations.get(operationId)!;
      const send = async (role: string) => {
        const headers = { ...request.headers };
        if (headers['Idempotency-Key']) headers['Idempotency-Key'] = randomUUID();
        if (operationId === 'createAccessToken') {
          const pair = RESTRICTED_KEY_PAIRS.find((candidate) => candidate.role === role)!;
          return server.call('POST', request.path, { body: keysOf(pair), headers });
        }
        const token = await restrictedToken(role);
        return server.call(request.method, request.path, { token, body: request.body, headers });
      };
      const lacking = RESTRICTED_KEY_PAIRS.find(({ role }) => !access.roles.includes(role));
      expect(Boolean(lacking), 'only an operation any role may call has no pair lacking').toBe(
        !access.anyRole,
      );
      if (lacking) {
        const refused = await send(lacking.role);
        expect(refused.status, `${lacking.role}: ${JSON.stringify(refused.body)}`).toBe(403);
        expect(refused.body.error).toEqual({
          type: 'permission_error',
          code: 'insufficient_permissions',
          message: expect.stringContaining(access.roles.join(' or ')),
          param: null,
          request_id: refused.headers.get('kestrel-request-id'),
        });
      }
      // Let through, whatever else the request meets: a 403 it gets is another refusal, such as
      // a developer pair giving a new pair a role it lacks.
      const allowed = await send(access.roles[0]!);
      expect(
        allowed.body?.error?.code,
        `${access.roles[0]}: ${JSON.stringify(allowed.body)}`,
      ).not.toBe('insufficient_permissions');
    },
  );

  it('refuses a body field the pair has no role for, and changes nothing', async () => {
    const developer = await restrictedToken('developer');
    const change = { funds_release: 'on_departure' };
    const refused = await server.call('PATCH', '/v1/organisation', {
      token: developer,
      body: change,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'insufficient_permissions',
      message: expect.stringContaining('funds_release'),
    });
    const organisation = await server.call('GET', '/v1/organisation', { token: developer });
    expect(organisation.body.funds_release).toBe('on_settlement');
    const renamed = await server.call('PATCH', '/v1/organisation', {
      token: developer,
      body: { statement_descriptor: 'HARBOUR LANE' },
    });
    expect(renamed.status).toBe(200);
  });
});

describe('a key pair made with Create a key pair', () => {
  it('gets tokens into its own sandbox with exactly its roles: a viewer lists but cannot create', async () => {
    const full = await tokenOf(keysOf(SANDBOX_KEY_PAIR));
    const customer = await post('/v1/customers', full, { name: 'Zed', email: 'zed@example.com' });
    const created = await post('/v1/api_keys', full, { name: 'Reporting', roles: ['viewer'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'api_key',
      environment: 'sandbox',
      roles: ['viewer'],
      status: 'active',
      public_key: expect.stringMatching(/^pk_test_/),
      private_key: expect.stringMatching(/^sk_test_/),
      last_used_at: null,
    });
    const viewer = await tokenOf(keysOfApiKey(created.body));

    const create = await post('/v1/customers', viewer, { name: 'Ann', email: 'ann@example.com' });
    expect(create.status).toBe(403);
    expect(create.body.error.code).toBe('insufficient_permissions');
    const list = await server.call('GET', '/v1/customers?limit=100', { token: viewer });
    expect(list.status).toBe(200);
    const ids = list.body.data.map((object: { id: string }) => object.id);
    expect(ids).toContain(customer.body.id);
    expect((await server.call('GET', '/v1/api_keys', { token: viewer })).status).toBe(403);

    const stored = await server.call('GET', `/v1/api_keys/${created.body.id}`, { token: full });
    expect(stored.body).toMatchObject({ private_key: null, last_used_at: expect.any(String) });
  });

  it('refuses a private key made up for it, and every token of it once revoked', async () => {
    const full = await tokenOf(keysOf(SANDBOX_KEY_PAIR));
    const created = await post('/v1/api_keys', full, { name: 'Agent', roles: ['agent'] });
    const forged = { ...created.body, private_key: `${created.body.private_key.slice(0, -4)}0000` };
    const wrong = await server.call('POST', '/v1/auth/token', { body: keysOfApiKey(forged) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_api_key');

    const agent = await tokenOf(keysOfApiKey(created.body));
    expect((await server.call('GET', '/v1/charges', { token: agent })).status).toBe(200);
    const revoked = await post(`/v1/api_keys/${created.body.id}/revoke`, full, undefined);
    expect(revoked.body.status).toBe('revoked');
    const after = await server.call('GET', '/v1/charges', { token: agent });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('token_invalid');
    const again = await server.call('POST', '/v1/auth/token', { body: keysOfApiKey(created.body) });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('invalid_api_key');
  });

  it('cannot be given a role the calling pair lacks', async () => {
    const developer = await restrictedToken('developer');
    const beyond = await post('/v1/api_keys', developer, { name: 'Payouts', roles: ['finance'] });
    expect(beyond.status).toBe(403);
    expect(beyond.body.error).toMatchObject({
      code: 'api_key_roles_exceed_caller',
      param: 'roles',
    });
    const own = await post('/v1/api_keys', developer, { name: 'Webhooks', roles: ['developer'] });
    expect(own.status).toBe(201);
    const widened = await server.call('PATCH', `/v1/api_keys/${own.body.id}`, {
      token: developer,
      body: { roles: ['developer', 'agent'] },
    });
    expect(widened.status).toBe(403);
    expect(widened.body.error.code).toBe('api_key_roles_exceed_caller');
  });

  it('logs its requests in its sandbox, and never the private key', async () => {
    const full = await tokenOf(keysOf(SANDBOX_KEY_PAIR));
    const created = await post('/v1/api_keys', full, { name: 'Log', roles: ['viewer'] });
    const viewer = await tokenOf(keysOfApiKey(created.body));
    await server.call('GET', '/v1/bookings', { token: viewer });
    const log = await server.call('GET', '/requests', { token: full });
    const paths = log.body.data.map((entry: { path: string }) => entry.path);
    expect(paths).toContain('/v1/bookings');
    const createEntry = log.body.data.find(
      (entry: { operation_id: string }) => entry.operation_id === 'createApiKey',
    );
    const logged = await server.call('GET', `/requests/${createEntry.id}`, { token: full });
    expect(JSON.stringify(logged.body)).not.toContain(created.body.private_key);
  });
});

/** The keys of an `api_key` answer, as a token request sends them. */
function keysOfApiKey(apiKey: { public_key: string; private_key: string }): Keys {
  return { public_key: apiKey.public_key, private_key: apiKey.private_key };
}
