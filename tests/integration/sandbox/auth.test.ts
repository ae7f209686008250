import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { TOKEN_LIFETIME_SECONDS } from '@/lib/sandbox/limits';
import { startSandboxServer, testClock } from '../../support/sandbox-server';

const clock = testClock();
let server: Awaited<ReturnType<typeof startSandboxServer>>;

beforeAll(async () => {
  server = await startSandboxServer({ clock: clock.now });
});
afterAll(() => server.close());

const customer = { name: 'Amelia Hart', email: 'amelia@example.com' };

describe('authentication as the Authentication page describes it', () => {
  it('exchanges the sandbox key pair for a one-hour bearer token', async () => {
    const answer = await server.call('POST', '/v1/auth/token', {
      body: { public_key: SANDBOX_KEY_PAIR.publicKey, private_key: SANDBOX_KEY_PAIR.privateKey },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      access_token: expect.stringMatching(/^kp_at_[0-9a-f]{32}$/),
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_SECONDS,
    });
  });

  it.each([
    [
      'a wrong private key',
      { public_key: SANDBOX_KEY_PAIR.publicKey, private_key: 'sk_test_wrong' },
    ],
    ['live keys', { public_key: 'pk_live_51Hx7Qa9', private_key: 'sk_live_9Qa2Vf7KxR3mT8' }],
  ])('refuses %s with invalid_api_key', async (_, body) => {
    const answer = await server.call('POST', '/v1/auth/token', { body });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({
      type: 'authentication_error',
      code: 'invalid_api_key',
    });
  });

  it.each([
    ['no Authorization header', {}],
    ['a header without Bearer', { authorization: 'kp_at_0123' }],
    ['Bearer without a token', { authorization: 'Bearer ' }],
  ])('answers %s with 401 token_missing', async (_, headers) => {
    const answer = await server.call('GET', '/v1/charges', { headers });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({
      type: 'authentication_error',
      code: 'token_missing',
    });
    expect(answer.headers.get('ratelimit-limit')).not.toBeNull();
  });

  it('answers a token it never issued with token_invalid, and an expired one with token_expired', async () => {
    const malformed = await server.call('GET', '/v1/charges', { token: '<script>' });
    expect(malformed.body.error.code).toBe('token_invalid');
    const token = await server.token();
    const forged = `${token.slice(0, -4)}${token.endsWith('0000') ? '1111' : '0000'}`;
    const unknown = await server.call('GET', '/v1/charges', { token: forged });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('token_invalid');
    expect((await server.call('GET', '/v1/charges', { token })).status).toBe(200);
    clock.advance(TOKEN_LIFETIME_SECONDS * 1000);
    const expired = await server.call('GET', '/v1/charges', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatchObject({
      type: 'authentication_error',
      code: 'token_expired',
    });
  });

  it('answers a well-formed token it never issued with token_invalid, though its expiry has passed', async () => {
    const neverIssued = `kp_at_00000001${'0'.repeat(24)}`;
    const unknown = await server.call('GET', '/v1/charges', { token: neverIssued });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('token_invalid');
    const token = await server.token();
    const backdated = `kp_at_00000001${token.slice('kp_at_00000001'.length)}`;
    const forged = await server.call('GET', '/v1/charges', { token: backdated });
    expect(forged.body.error.code).toBe('token_invalid');
  });

  it.each(['bearer', 'BEARER', 'Bearer  '])(
    'takes the authentication scheme in any case, and spaces after it (%j)',
    async (scheme) => {
      const token = await server.token();
      const headers = { authorization: `${scheme} ${token}` };
      expect((await server.call('GET', '/v1/charges', { headers })).status).toBe(200);
    },
  );

  it('gives every token its own sandbox', async () => {
    const [first, second] = [await server.token(), await server.token()];
    const created = await server.call('POST', '/v1/customers', {
      token: first,
      body: customer,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(created.status).toBe(201);
    const path = `/v1/customers/${created.body.id}`;
    expect((await server.call('GET', path, { token: first })).status).toBe(200);
    const elsewhere = await server.call('GET', path, { token: second });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toMatchObject({ code: 'resource_missing', param: 'id' });
  });
});
