// Webhook operations as the Webhooks page documents them: a rotated secret keeps the old one
// signing beside it for the overlap asked for, and a failed delivery is retried on the
// documented schedule, on the sandbox's clock, until it succeeds or its last retry fails.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { webhookDelivery } from '@/lib/openapi/webhook-delivery';
import { pageSignatureCheck } from '../../support/page-signature-check';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const { post, get } = sandboxForEachTest();
const { retry_after_seconds: retries } = webhookDelivery(loadDocument());

const ENDPOINT = '/v1/webhook_endpoints/we_5Kp9Tz';

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
const latest = async () => (await inbox()).data[0]!;

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

  it('gives a new endpoint the secret in force', async () => {
    const rotated = await post(`${ENDPOINT}/rotate_secret`);
    const created = await post('/v1/webhook_endpoints', {
      url: 'https://agent.example.com/webhooks/kestrel',
      enabled_events: ['*'],
    });
    expect(created.body.secret).toBe(rotated.body.secret);
  });
});

describe('retries of a failed delivery', () => {
  const report = (delivery: Delivery, result: object) =>
    post(`/inbox/${delivery.id}/result`, { duration_ms: 12, ...result });

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
