// Retry-After as the Rate limits page describes it: sent with a 429, and with the 409 of a request
// still in progress and a 503 (held in idempotency.test.ts and redis-instances.test.ts), never on
// an answer to act on at once, a success or a refusal to fix first.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTRICTED_KEY_PAIRS } from '@/lib/sandbox/keys';
import { startSandboxServer } from '../../support/sandbox-server';
import { CHARGE } from '../../support/sandbox-session';

let server: Awaited<ReturnType<typeof startSandboxServer>>;
beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

const viewer = RESTRICTED_KEY_PAIRS.find((pair) => pair.role === 'viewer')!;

describe('Retry-After', () => {
  it('is on no answer but those that ask for a wait: not on a success or an ordinary refusal', async () => {
    const token = await server.token();
    const viewerToken = (
      await server.call('POST', '/v1/auth/token', {
        body: { public_key: viewer.publicKey, private_key: viewer.privateKey },
      })
    ).body.access_token as string;
    const post = (path: string, body: unknown, as = token) =>
      server.call('POST', path, { token: as, body, headers: { 'Idempotency-Key': randomUUID() } });
    const paid = await post('/v1/charges', CHARGE);
    const answers = {
      200: await server.call('GET', '/v1/charges', { token }),
      201: paid,
      400: await post('/v1/charges', { ...CHARGE, amount: 'twelve' }),
      401: await server.call('GET', '/v1/charges'),
      403: await post('/v1/charges', CHARGE, viewerToken),
      404: await server.call('GET', '/v1/charges/ch_missing', { token }),
      409: await post(`/v1/charges/${paid.body.id}/capture`, {}),
    };
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(Number(status));
      expect(answer.headers.get('retry-after'), status).toBeNull();
    }
  });
});
