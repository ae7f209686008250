// Rotating a webhook endpoint's secret without `expire_previous_after`, as the Webhooks page and
// the Changelog describe it: the old secret keeps signing beside the new one for one day.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { timestamp } from '@/lib/sandbox/time';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';
import { ownDeliveries } from '../../support/story-events';

const { clock, post, get, model } = sandboxForEachTest();

const ENDPOINT = '/v1/webhook_endpoints/we_5Kp9Tz';
const DAY_SECONDS = 86_400;

type Delivery = { headers: Record<string, string>; body: string };

/** The secrets whose v1 signature the latest delivery of the test's own objects carries. */
async function signersOfLatest(secrets: string[]) {
  const inbox = (await get('/inbox')).body.data as Delivery[];
  const delivery = ownDeliveries(model(), inbox)[0]!;
  const header = delivery.headers['Kestrel-Signature']!;
  const t = /^t=(\d+)/.exec(header)![1];
  const signatures = [...header.matchAll(/v1=([0-9a-f]+)/g)].map(([, v1]) => v1);
  return secrets.filter((secret) =>
    signatures.includes(createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex')),
  );
}

async function advance(seconds: number) {
  expect((await post('/clock/advance', { seconds })).status).toBe(200);
}

describe('rotating a signing secret without expire_previous_after', () => {
  it('keeps the old secret signing for one day, 86400 seconds, then stops it', async () => {
    const before = (await get('/inbox')).body.signing_secret as string;
    const rotatedAt = clock.now();
    const rotated = await post(`${ENDPOINT}/rotate_secret`);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const { secret } = rotated.body;
    expect(rotated.body.previous_secret_expires_at).toBe(timestamp(rotatedAt + DAY_SECONDS * 1000));

    await advance(DAY_SECONDS - 1);
    await post('/v1/charges', CHARGE);
    expect(await signersOfLatest([secret, before])).toEqual([secret, before]);

    await advance(1);
    await post('/v1/charges', CHARGE);
    expect(await signersOfLatest([secret, before])).toEqual([secret]);
    expect((await get(ENDPOINT)).body.previous_secret_expires_at).toBeNull();
  });
});
