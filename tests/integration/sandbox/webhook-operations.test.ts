// Webhook operations as the Webhooks page documents them: a rotated secret keeps the old one
// signing beside it for the overlap asked for, on every endpoint; a failed delivery is retried on
// the documented schedule, on the sandbox's clock, until it succeeds or its last retry fails; and
// endpoints whose deliveries failed for the documented days are disabled.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { webhookDelivery } from '@/lib/openapi/webhook-delivery';
import { pageSignatureCheck } from '../../support/page-signature-check';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';
import { ownDeliveries } from '../../support/story-events';

const { post, get, patch, model } = sandboxForEachTest();
const { retry_after_seconds: retries, disabled_after_failing_days: failingDays } =
  webhookDelivery(loadDocument());

const ENDPOINT = '/v1/webhook_endpoints/we_5Kp9Tz';
const NEW_ENDPOINT = { url: 'https://agent.example.com/webhooks/kestrel', enabled_events: ['*'] };

type Delivery = {
  id: string;
  event_id: string;
  attempt: number;
  headers: Record<string, string>;
  body: string;
};

const inbox = async () =>
  (await get('/inbox')).body as {
    signing_secret: string;
    previous_signing_secret?: string;
    data: Delivery[];
  };
/** The latest delivery of the test's own objects. */
const latest = async () => ownDeliveries(model(), (await inbox()).data)[0]!;
/** The latest attempt at an event. */
const latestOf = async (eventId: string) =>
  (await inbox()).data.find((delivery) => delivery.event_id === eventId)!;
const report = (delivery: Delivery, result: object) =>
  post(`/inbox/${delivery.id}/result`, { duration_ms: 12, ...result });

/** Whether a secret makes any of the delivery's v1 signatures, as the page's samples check. */
function signedWith(delivery: Delivery, secret: string) {
  const header = delivery.headers['Kestrel-Signature']!;
  const t = /^t=(\d+)/.exec(header)![1];
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex');
  return [...header.matchAll(/v1=([0-9a-f]+)/g)].some(([, v1]) => v1 === expected);
}

async function advance(seconds: number) {
  expect((await post('/clock/advance', { seconds })).status).toBe(200);
}

describe('rotating the signing secret', () => {
  it('signs with both secrets until the overlap ends, then with the new one only', async () => {
    const before = (await inbox()).signing_secret;
    const rotated = await post(`${ENDPOINT}/rotate_secret`, { expire_previous_after: 3600 });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const { secret, previous_secret_expires_at: expiresAt } = rotated.body;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(before);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(3500_000);
    expect(await inbox()).toMatchObject({
      signing_secret: secret,
      previous_signing_secret: before,
    });
    // The secret is shown once: a retrieve shows null, with the overlap.
    expect((await get(ENDPOINT)).body).toMatchObject({
      secret: null,
      previous_secret_expires_at: expiresAt,
    });

    await post('/v1/charges', CHARGE);
    const during = await latest();
    expect(during.headers['Kestrel-Signature']!.match(/v1=/g)).toHaveLength(2);
    expect(signedWith(during, secret) && signedWith(during, before)).toBe(true);

    await advance(3601);
    await post('/v1/charges', CHARGE);
    const after = await latest();
    expect(after.headers['Kestrel-Signature']!.match(/v1=/g)).toHaveLength(1);
    expect(signedWith(after, secret)).toBe(true);
    expect(signedWith(after, before)).toBe(false);
    expect((await inbox()).previous_signing_secret).toBeUndefined();
    expect((await get(ENDPOINT)).body.previous_secret_expires_at).toBeNull();
  });

  it("passes the Webhooks page's own check with either secret during the overlap", async () => {
    const verify = pageSignatureCheck();
    const before = (await inbox()).signing_secret;
    const { secret } = (await post(`${ENDPOINT}/rotate_secret`)).body;
    await post('/v1/charges', CHARGE);
    const delivery = await latest();
    const header = delivery.headers['Kestrel-Signature']!;
    expect(verify(delivery.body, header, secret)).toBe(true);
    expect(verify(delivery.body, header, before)).toBe(true);
    expect(verify(delivery.body, header, 'whsec_other')).toBe(false);
  });

  it('stops the old secret at once with 0, and refuses an overlap over 7 days', async () => {
    const before = (await inbox()).signing_secret;
    const rotated = await post(`${ENDPOINT}/rotate_secret`, { expire_previous_after: 0 });
    expect(rotated.body.previous_secret_expires_at).toBeNull();
    await post('/v1/charges', CHARGE);
    expect(signedWith(await latest(), before)).toBe(false);

    const tooLong = await post(`${ENDPOINT}/rotate_secret`, { expire_previous_after: 604801 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'expire_previous_after',
    });
  });

  it('shows the same overlap on every endpoint, since they share the secret', async () => {
    const other = (await post('/v1/webhook_endpoints', NEW_ENDPOINT)).body.id;
    const first = await post(`${ENDPOINT}/rotate_secret`, { expire_previous_after: 3600 });
    const firstExpiry = first.body.previous_secret_expires_at;
    expect((await get(`/v1/webhook_endpoints/${other}`)).body.previous_secret_expires_at).toBe(
      firstExpiry,
    );
    const created = await post('/v1/webhook_endpoints', NEW_ENDPOINT);
    expect(created.body.previous_secret_expires_at).toBe(firstExpiry);

    // A second rotation ends the first overlap: every endpoint shows the new one, even after
    // the first would have ended, and one disabled meanwhile too.
    await advance(100);
    const second = await post(`/v1/webhook_endpoints/${other}/rotate_secret`, {
      expire_previous_after: 7200,
    });
    const secondExpiry = second.body.previous_secret_expires_at;
    expect(secondExpiry).not.toBe(firstExpiry);
    await patch(`/v1/webhook_endpoints/${created.body.id}`, { status: 'disabled' });
    await advance(3601);
    const expiries = async () =>
      (
        (await get('/v1/webhook_endpoints')).body.data as { previous_secret_expires_at: unknown }[]
      ).map((endpoint) => endpoint.previous_secret_expires_at);
    expect(await expiries()).toEqual([secondExpiry, secondExpiry, secondExpiry]);
    await advance(7200);
    expect(await expiries()).toEqual([null, null, null]);
  });

  it('gives a new endpoint the secret in force', async () => {
    const rotated = await post(`${ENDPOINT}/rotate_secret`);
    const created = await post('/v1/webhook_endpoints', NEW_ENDPOINT);
    expect(created.body.secret).toBe(rotated.body.secret);
  });
});

describe('retries of a failed delivery', () => {
  it('follow the documented schedule while each attempt fails, then stop', async () => {
    await post('/v1/charges', CHARGE);
    const first = await latest();
    expect(first.attempt).toBe(1);
    let current = first;
    for (const [index, wait] of retries.entries()) {
      expect((await report(current, { status: 500 })).status).toBe(201);
      await advance(wait - 1);
      expect((await latest()).id, `attempt ${index + 2} comes no earlier`).toBe(current.id);
      await advance(1);
      const next = await latest();
      expect(next).toMatchObject({
        event_id: first.event_id,
        attempt: index + 2,
        body: first.body,
      });
      expect(next.id).not.toBe(current.id);
      current = next;
    }
    await report(current, { error: 'connect ECONNREFUSED 127.0.0.1:3000' });
    await advance(retries.at(-1)! * 2);
    expect((await latest()).id).toBe(current.id);
  });

  it('end when an attempt succeeds', async () => {
    await post('/v1/charges', CHARGE);
    const first = await latest();
    await report(first, { status: 503 });
    await advance(retries[0]!);
    const second = await latest();
    expect(second.attempt).toBe(2);
    await report(second, { status: 200 });
    await advance(retries[1]! + retries[2]!);
    expect((await latest()).id).toBe(second.id);
  });
});

describe('endpoints whose deliveries keep failing', () => {
  const DAY_SECONDS = 86_400;
  /** From the first attempt to the last retry. */
  const retrySpan = retries.reduce((total, wait) => total + wait, 0);

  /** Reports each attempt at an event failed, from its latest, through its last retry. */
  async function failThroughLastRetry(eventId: string) {
    for (;;) {
      const current = await latestOf(eventId);
      expect((await report(current, { status: 500 })).status).toBe(201);
      const wait = retries[current.attempt - 1];
      if (wait === undefined) return;
      await advance(wait);
    }
  }
  const endpoint = async (id: string) => (await get(`/v1/webhook_endpoints/${id}`)).body;
  const charged = async () => {
    await post('/v1/charges', CHARGE);
    return (await latest()).event_id;
  };

  it('are disabled as failing the documented days after the first failure, through a last retry', async () => {
    const other = (await post('/v1/webhook_endpoints', NEW_ENDPOINT)).body.id;
    await failThroughLastRetry(await charged());
    const untilDisabled = failingDays * DAY_SECONDS - retrySpan;
    expect(untilDisabled).toBeGreaterThan(60);
    await advance(untilDisabled - 60);
    expect(await endpoint('we_5Kp9Tz')).toMatchObject({ status: 'enabled', disabled_reason: null });

    await advance(60);
    for (const id of ['we_5Kp9Tz', other]) {
      expect(await endpoint(id)).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
    }
    const disabled = (await get('/v1/webhook_endpoints?status=disabled')).body.data;
    expect(disabled.map(({ id }: { id: string }) => id).sort()).toEqual(
      [other, 'we_5Kp9Tz'].sort(),
    );
    // Disabling it again yourself does not hide why it was disabled.
    await patch(`/v1/webhook_endpoints/${other}`, { status: 'disabled' });
    expect((await endpoint(other)).disabled_reason).toBe('failing');

    const enabled = await patch(ENDPOINT, { status: 'enabled' });
    expect(enabled.body).toMatchObject({ status: 'enabled', disabled_reason: null });
    expect((await endpoint(other)).status).toBe('disabled');

    // Re-enabled, it counts its failing days afresh: a new event failing as long disables it again.
    const again = await charged();
    await failThroughLastRetry(again);
    expect((await endpoint('we_5Kp9Tz')).status).toBe('enabled');
    await advance(untilDisabled);
    expect(await endpoint('we_5Kp9Tz')).toMatchObject({
      status: 'disabled',
      disabled_reason: 'failing',
    });
  });

  it('stay enabled when a success is reported in between, and count from the next failure', async () => {
    const failing = await charged();
    await report(await latestOf(failing), { error: 'connect ECONNREFUSED 127.0.0.1:4242' });
    await advance(retries[0]!);
    const succeeding = await charged();
    expect((await report(await latestOf(succeeding), { status: 200 })).status).toBe(201);
    await failThroughLastRetry(failing);
    await advance(failingDays * DAY_SECONDS - retrySpan + retries[0]! / 2);
    expect((await endpoint('we_5Kp9Tz')).status).toBe('enabled');
    await advance(retries[0]! / 2);
    expect((await endpoint('we_5Kp9Tz')).disabled_reason).toBe('failing');
  });

  it('stay enabled while no delivery has failed through its last retry', async () => {
    const failing = await charged();
    for (const wait of retries) {
      await report(await latestOf(failing), { status: 502 });
      await advance(wait);
    }
    await advance(failingDays * DAY_SECONDS);
    expect(await endpoint('we_5Kp9Tz')).toMatchObject({ status: 'enabled', disabled_reason: null });
  });
});
