// Pausing a webhook endpoint with `status`, as WebhookEndpointStatus describes it: a pause you ask
// for says `requested`, and the events of the pause are not sent when it ends; you list and
// resend them. (This site's sandbox fills its inbox with every event whatever the endpoints'
// status, as the Webhooks page says, so the inbox holds each event once from the start.)
import { describe, expect, it } from 'vitest';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const { post, get, patch } = sandboxForEachTest();

const ENDPOINT = '/v1/webhook_endpoints/we_5Kp9Tz';

/** How many deliveries of an event the inbox holds. */
const deliveryCount = async (eventId: string) =>
  ((await get('/inbox')).body.data as { event_id: string }[]).filter(
    (delivery) => delivery.event_id === eventId,
  ).length;

describe('pausing a webhook endpoint', () => {
  it('says disabled_reason requested when you disable it, and null once enabled again', async () => {
    expect((await get(ENDPOINT)).body).toMatchObject({ status: 'enabled', disabled_reason: null });
    const disabled = await patch(ENDPOINT, { status: 'disabled' });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body).toMatchObject({ status: 'disabled', disabled_reason: 'requested' });
    expect((await get(ENDPOINT)).body.disabled_reason).toBe('requested');
    const enabled = await patch(ENDPOINT, { status: 'enabled' });
    expect(enabled.body).toMatchObject({ status: 'enabled', disabled_reason: null });
  });

  it('sends nothing later of what occurred while disabled: the events are listed and resent', async () => {
    const pausedAt = (await get('/clock')).body.now as string;
    await patch(ENDPOINT, { status: 'disabled' });
    const paid = (await post('/v1/charges', CHARGE)).body;
    const [event] = (await get(`/v1/events?object_id=${paid.id}`)).body.data;
    expect(await deliveryCount(event.id)).toBe(1);
    const refused = await post(`/v1/events/${event.id}/resend`, {
      webhook_endpoint_id: 'we_5Kp9Tz',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('webhook_endpoint_disabled');

    expect((await patch(ENDPOINT, { status: 'enabled' })).status).toBe(200);
    expect(await deliveryCount(event.id)).toBe(1);
    const missed = (await get(`/v1/events?type=charge.succeeded&created_after=${pausedAt}`)).body
      .data as { id: string }[];
    expect(missed.map((listed) => listed.id)).toContain(event.id);
    const resent = await post(`/v1/events/${event.id}/resend`, {
      webhook_endpoint_id: 'we_5Kp9Tz',
    });
    expect(resent.status).toBe(202);
    expect(await deliveryCount(event.id)).toBe(2);
  });
});
