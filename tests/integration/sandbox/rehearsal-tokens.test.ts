import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REHEARSAL_TOKENS } from '@/lib/sandbox/rehearsal-tokens';
import { startSandboxServer } from '../../support/sandbox-server';

// The two refusals the sandbox guide asks an integration to rehearse, on demand.
let server: Awaited<ReturnType<typeof startSandboxServer>>;
beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

describe('the rehearsal tokens', () => {
  it.each(['/v1/charges', '/inbox', '/clock'])(
    'the expired one answers 401 token_expired on %s',
    async (path) => {
      const answer = await server.call('GET', path, { token: REHEARSAL_TOKENS.expired });
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatchObject({
        type: 'authentication_error',
        code: 'token_expired',
      });
    },
  );

  it('the rate-limited one answers 429 with Retry-After, as a client over the limit gets', async () => {
    const answer = await server.call('POST', '/v1/charges', {
      token: REHEARSAL_TOKENS.rateLimited,
      body: { amount: 12500, currency: 'GBP', booking_id: 'bk_8Jd2kLq' },
    });
    expect(answer.status).toBe(429);
    expect(answer.body.error.code).toBe('rate_limit_exceeded');
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.headers.get('ratelimit-remaining')).toBe('0');
  });

  it('leaves every other token as it was', async () => {
    const token = await server.token();
    expect((await server.call('GET', '/v1/charges', { token })).status).toBe(200);
    const unknown = await server.call('GET', '/v1/charges', { token: 'kp_at_test_other' });
    expect(unknown.body.error.code).toBe('token_invalid');
  });
});
