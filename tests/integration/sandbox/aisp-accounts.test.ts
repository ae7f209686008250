import { describe, expect, it } from 'vitest';
import { AISP_BALANCE_READS_PER_DAY } from '@/lib/sandbox/limits';
import { sandboxForEachTest } from '../../support/sandbox-session';

// The accounts a consent returns and their balances: IDs valid only with the consent that returned
// them, and the bank's limit on balance reads without the account holder present.
const { post, get, call, advanceTestClock } = sandboxForEachTest();

const CONSENT = {
  permissions: ['accounts', 'balances'],
  redirect_url: 'https://agent.example.com/settings/banking/connected',
};
const DAY_MS = 24 * 60 * 60 * 1000;

/** A new consent the holder authorised at the sandbox's bank, and the accounts it returns. */
async function authorisedConsent() {
  const consent = await post('/v1/aisp/consents', CONSENT);
  expect(consent.status, JSON.stringify(consent.body)).toBe(201);
  await post(`/v1/test_helpers/aisp/consents/${consent.body.id}/authorise`, {
    result: 'authorised',
  });
  const accounts = await get(`/v1/aisp/consents/${consent.body.id}/accounts`);
  expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
  return { id: consent.body.id as string, accounts: accounts.body.data as { id: string }[] };
}

const balancePath = (consentId: string, accountId: string) =>
  `/v1/aisp/consents/${consentId}/accounts/${accountId}/balance`;

describe('the accounts of an AISP consent', () => {
  it('refuses a redirect_url that is not https://', async () => {
    const refused = await post('/v1/aisp/consents', {
      ...CONSENT,
      redirect_url: 'http://agent.example.com/settings/banking/connected',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'redirect_url' });
  });

  it('lists new account IDs under a new consent for the same bank', async () => {
    const documented = (await get('/v1/aisp/consents/aisp_9Nc4Jr/accounts')).body.data;
    const { id, accounts } = await authorisedConsent();
    expect(accounts.length).toBe(documented.length);
    expect(accounts[0]).toMatchObject({
      consent_id: id,
      name: documented[0].name,
      sort_code: documented[0].sort_code,
      last4: documented[0].last4,
    });
    expect(accounts[0]!.id).toMatch(/^acc_/);
    expect(accounts.map((account) => account.id)).not.toContain(documented[0].id);
    const balance = await get(balancePath(id, accounts[0]!.id));
    expect(balance.status, JSON.stringify(balance.body)).toBe(200);
    expect(balance.body).toMatchObject({ consent_id: id, account_id: accounts[0]!.id });
  });

  it('answers 404 for an account ID another consent returned', async () => {
    const { id, accounts } = await authorisedConsent();
    const elsewhere = await get(balancePath(id, 'acc_9Rt2Mx'));
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toMatchObject({ code: 'resource_missing', param: 'account_id' });
    const back = await get(balancePath('aisp_9Nc4Jr', accounts[0]!.id));
    expect(back.status).toBe(404);
    expect(back.body.error.code).toBe('resource_missing');
  });
});

describe('balance reads without the account holder', () => {
  it(`refuses the read after ${AISP_BALANCE_READS_PER_DAY} a day with aisp_balance_read_limit_reached and Retry-After`, async () => {
    const path = balancePath('aisp_9Nc4Jr', 'acc_9Rt2Mx');
    for (let read = 0; read < AISP_BALANCE_READS_PER_DAY; read++) {
      expect((await get(path)).status).toBe(200);
      await advanceTestClock(60 * 60 * 1000);
    }
    const refused = await call('GET', path);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      type: 'rate_limit_error',
      code: 'aisp_balance_read_limit_reached',
    });
    // The first read stops counting a day after it was made: four hours ago, less a second.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBe((DAY_MS - AISP_BALANCE_READS_PER_DAY * 60 * 60 * 1000) / 1000);
    // Another account has a limit of its own.
    const { id, accounts } = await authorisedConsent();
    expect((await get(balancePath(id, accounts[0]!.id))).status).toBe(200);
    await advanceTestClock(retryAfter * 1000);
    expect((await get(path)).status).toBe(200);
  });
});
