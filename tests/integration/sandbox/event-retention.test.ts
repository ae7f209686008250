// The events endpoints cover the last 30 days, as List events and Retrieve an event say: on the
// sandbox's test clock, an event leaves the list 30 days after it occurred, and then answers 404.
import { describe, expect, it } from 'vitest';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const { post, get } = sandboxForEachTest();

const DAY_SECONDS = 86_400;

async function advance(seconds: number) {
  expect((await post('/clock/advance', { seconds })).status).toBe(200);
}

describe('the events of the last 30 days', () => {
  it('lists, retrieves and resends an event for 30 days, then answers 404', async () => {
    const paid = (await post('/v1/charges', CHARGE)).body;
    const listed = async () => (await get(`/v1/events?object_id=${paid.id}`)).body.data;
    const [event] = await listed();
    expect(event.type).toBe('charge.succeeded');

    await advance(30 * DAY_SECONDS - 1);
    expect((await listed()).map((kept: { id: string }) => kept.id)).toEqual([event.id]);
    expect((await get(`/v1/events/${event.id}`)).status).toBe(200);

    await advance(2);
    expect(await listed()).toEqual([]);
    const retrieved = await get(`/v1/events/${event.id}`);
    expect(retrieved.status).toBe(404);
    expect(retrieved.body.error.code).toBe('resource_missing');
    const resent = await post(`/v1/events/${event.id}/resend`, {
      webhook_endpoint_id: 'we_5Kp9Tz',
    });
    expect(resent.status).toBe(404);
  });

  it("leaves out the story's events from more than 30 days before the sandbox opened", async () => {
    const events = (await get('/v1/events?limit=100')).body.data as {
      type: string;
      data: { object: { id: string } };
    }[];
    const described = events.map((event) => `${event.type} ${event.data.object.id}`);
    // The story's first step, the trust account's check, ended months before the story's end.
    expect(described).not.toContain('bank_account.verified ba_5Ke7Fp');
    expect(described.some((event) => event.startsWith('charge.succeeded '))).toBe(true);
  });
});
