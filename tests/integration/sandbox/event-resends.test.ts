// Resend an event, as its description in the document says: signed afresh with the endpoint's
// current secret, and delivered whatever the endpoint's `enabled_events`, so long as it is enabled.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const { post, get } = sandboxForEachTest();

type Delivery = { event_id: string; type: string; headers: Record<string, string>; body: string };

/** The v1 signatures of a delivery, and the one a secret makes of it. */
function signatures(delivery: Delivery) {
  const header = delivery.headers['Kestrel-Signature']!;
  const t = /^t=(\d+)/.exec(header)![1];
  return {
    v1: [...header.matchAll(/v1=([0-9a-f]+)/g)].map(([, v1]) => v1),
    by: (secret: string) =>
      createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex'),
  };
}

/** The deliveries of one event in the inbox, newest first. */
const deliveriesOf = async (eventId: string) =>
  ((await get('/inbox')).body.data as Delivery[]).filter(
    (delivery) => delivery.event_id === eventId,
  );

/** The event a charge sent. */
async function eventOf(chargeId: string) {
  const [event] = (await get(`/v1/events?object_id=${chargeId}`)).body.data;
  return event as { id: string; type: string };
}

describe('resending an event', () => {
  it('signs the delivery afresh with the secret in force after a rotation', async () => {
    const before = (await get('/inbox')).body.signing_secret as string;
    const paid = (await post('/v1/charges', CHARGE)).body;
    const event = await eventOf(paid.id);
    const rotated = await post('/v1/webhook_endpoints/we_5Kp9Tz/rotate_secret', {
      expire_previous_after: 0,
    });
    const { secret } = rotated.body;
    const resent = await post(`/v1/events/${event.id}/resend`, {
      webhook_endpoint_id: 'we_5Kp9Tz',
    });
    expect(resent.status).toBe(202);
    const [again, first] = await deliveriesOf(event.id);
    expect(signatures(first!).v1).toEqual([signatures(first!).by(before)]);
    expect(signatures(again!).v1).toEqual([signatures(again!).by(secret)]);
    expect(JSON.parse(again!.body).id).toBe(event.id);
  });

  it('delivers to an enabled endpoint an event type it is not subscribed to', async () => {
    const endpoint = await post('/v1/webhook_endpoints', {
      url: 'https://agent.example.com/webhooks/successes',
      enabled_events: ['charge.succeeded'],
    });
    expect(endpoint.status).toBe(201);
    const declined = (
      await post('/v1/charges', { ...CHARGE, tokenised_card_id: 'tc_test_do_not_honour' })
    ).body;
    const event = await eventOf(declined.id);
    expect(event.type).toBe('charge.failed');
    const resent = await post(`/v1/events/${event.id}/resend`, {
      webhook_endpoint_id: endpoint.body.id,
    });
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ id: event.id, type: 'charge.failed' });
    const deliveries = await deliveriesOf(event.id);
    expect(deliveries).toHaveLength(2);
    expect(deliveries[0]!.type).toBe('charge.failed');
  });
});
