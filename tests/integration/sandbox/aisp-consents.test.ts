import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../support/sandbox-server';
import { ownDeliveries } from '../../support/story-events';

type Delivery = { type: string; body: string };

// AISP consents as a client meets them: the holder's answer at their bank (a test helper),
// and the test clock for the link left unused and the access that ends at `expires_at`.
let server: Awaited<ReturnType<typeof startSandboxServer>>;
beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

const MINUTE_SECONDS = 60;
const DAY_SECONDS = 24 * 60 * MINUTE_SECONDS;
const CONSENT = {
  permissions: ['accounts', 'balances'],
  redirect_url: 'https://agent.example.com/settings/banking/connected',
};

async function sandbox() {
  const token = await server.token();
  const post = (path: string, body: unknown = {}) =>
    server.call('POST', path, { token, body, headers: { 'Idempotency-Key': randomUUID() } });
  const get = (path: string) => server.call('GET', path, { token });
  const advance = (seconds: number) =>
    server.call('POST', '/clock/advance', { token, body: { seconds } });
  const authorise = (id: string, result: string) =>
    post(`/v1/test_helpers/aisp/consents/${id}/authorise`, { result });
  const status = async (id: string) => (await get(`/v1/aisp/consents/${id}`)).body.status;
  /** The inbox's event types of the test's own objects, oldest first. */
  const eventTypes = async () =>
    ownDeliveries(server.sandbox.model, (await get('/inbox')).body.data as Delivery[])
      .map(({ type }) => type)
      .reverse();
  return { post, get, advance, authorise, status, eventTypes };
}

describe('an AISP consent in the sandbox', () => {
  it('is authorised when the holder approves at their bank', async () => {
    const { post, get, authorise, eventTypes } = await sandbox();
    const consent = await post('/v1/aisp/consents', CONSENT);
    expect(consent.status, JSON.stringify(consent.body)).toBe(201);
    expect(consent.body).toMatchObject({
      status: 'awaiting_authorisation',
      institution_name: null,
      authorised_at: null,
      authorisation_url: expect.stringMatching(new RegExp(`/${consent.body.id}$`)),
    });
    const answered = await authorise(consent.body.id, 'authorised');
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body).toMatchObject({
      status: 'authorised',
      institution_name: expect.any(String),
    });
    const clock = (await get('/clock')).body.now;
    expect(Math.abs(Date.parse(answered.body.authorised_at) - Date.parse(clock))).toBeLessThan(
      5000,
    );
    expect(await eventTypes()).toEqual(['aisp_consent.authorised']);
  });

  it('is rejected when the holder cancels, and takes no second answer', async () => {
    const { post, authorise, status, eventTypes } = await sandbox();
    const consent = await post('/v1/aisp/consents', CONSENT);
    const answered = await authorise(consent.body.id, 'rejected');
    expect(answered.body).toMatchObject({ status: 'rejected', authorised_at: null });
    const again = await authorise(consent.body.id, 'authorised');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('aisp_consent_not_awaiting_authorisation');
    expect(await status(consent.body.id)).toBe('rejected');
    expect(await eventTypes()).toEqual(['aisp_consent.rejected']);
  });

  it('expires 30 minutes after creation when the link is left unused', async () => {
    const { post, advance, authorise, status, eventTypes } = await sandbox();
    const unused = await post('/v1/aisp/consents', CONSENT);
    const answered = await post('/v1/aisp/consents', CONSENT);
    await authorise(answered.body.id, 'authorised');
    await advance(29 * MINUTE_SECONDS);
    expect(await status(unused.body.id)).toBe('awaiting_authorisation');
    await advance(2 * MINUTE_SECONDS);
    expect(await status(unused.body.id)).toBe('expired');
    expect(await status(answered.body.id)).toBe('authorised');
    expect(await eventTypes()).toEqual(['aisp_consent.authorised', 'aisp_consent.expired']);
    const late = await authorise(unused.body.id, 'authorised');
    expect(late.body.error.code).toBe('aisp_consent_not_awaiting_authorisation');
  });

  it('expires at its expires_at once authorised, unless revoked first', async () => {
    const { get, post, advance, authorise, status, eventTypes } = await sandbox();
    const now = Date.parse((await get('/clock')).body.now);
    const expiresAt = new Date(now + 2 * DAY_SECONDS * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
    const expiring = await post('/v1/aisp/consents', { ...CONSENT, expires_at: expiresAt });
    const revoked = await post('/v1/aisp/consents', { ...CONSENT, expires_at: expiresAt });
    expect(expiring.status, JSON.stringify(expiring.body)).toBe(201);
    await authorise(expiring.body.id, 'authorised');
    await authorise(revoked.body.id, 'authorised');
    await post(`/v1/aisp/consents/${revoked.body.id}/revoke`);
    await advance(DAY_SECONDS);
    expect(await status(expiring.body.id)).toBe('authorised');
    await advance(DAY_SECONDS + MINUTE_SECONDS);
    expect(await status(expiring.body.id)).toBe('expired');
    expect(await status(revoked.body.id)).toBe('revoked');
    expect(await eventTypes()).toEqual([
      'aisp_consent.authorised',
      'aisp_consent.authorised',
      'aisp_consent.revoked',
      'aisp_consent.expired',
    ]);
  });

  it('starts every sandbox with the documented consents: one to answer, one authorised', async () => {
    const { status } = await sandbox();
    expect(await status('aisp_3Tb8Wk')).toBe('awaiting_authorisation');
    expect(await status('aisp_9Nc4Jr')).toBe('authorised');
  });

  it('shows accounts only while authorised, answering aisp_consent_not_authorised before', async () => {
    const { post, get, authorise } = await sandbox();
    const consent = await post('/v1/aisp/consents', CONSENT);
    const early = await get(`/v1/aisp/consents/${consent.body.id}/accounts`);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('aisp_consent_not_authorised');
    await authorise(consent.body.id, 'authorised');
    expect((await get(`/v1/aisp/consents/${consent.body.id}/accounts`)).status).toBe(200);
    await post(`/v1/aisp/consents/${consent.body.id}/revoke`);
    const late = await get(`/v1/aisp/consents/${consent.body.id}/accounts`);
    expect(late.body.error.code).toBe('aisp_consent_not_authorised');
  });
});
