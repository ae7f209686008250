import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

// Each event names the request it follows from in `request`, as the console matches it: the
// request's own events and those of the steps it started, seconds later; none for time passing.
const { post, get, settle, advanceTestClock } = sandboxForEachTest();

type EventRequest = { id: string; idempotency_key: string | null } | null;
type Envelope = { type: string; request: EventRequest; data: { object: { id: string } } };

/** The events of the inbox, oldest first. */
async function events(): Promise<Envelope[]> {
  const deliveries = (await get('/inbox')).body.data as { body: string }[];
  return deliveries.map((delivery) => JSON.parse(delivery.body) as Envelope).reverse();
}

/** A request sent with a key of its own, and the `request` its events should name. */
async function sent(path: string, body: unknown) {
  const key = randomUUID();
  const answer = await post(path, body, { 'Idempotency-Key': key });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return {
    answer,
    request: { id: answer.headers.get('kestrel-request-id'), idempotency_key: key },
  };
}

describe('the request an event names', () => {
  it('is the one that caused it, also for a step it started that another request applies', async () => {
    const charge = await sent('/v1/charges', CHARGE);
    const refund = await sent('/v1/refunds', { charge_id: charge.answer.body.id, amount: 5000 });
    settle();
    // This read's turn settles the refund; the event still names the refund's request.
    const read = await get(`/v1/refunds/${refund.answer.body.id}`);
    expect(read.body.status).toBe('succeeded');
    expect((await events()).map((event) => [event.type, event.request])).toEqual([
      ['charge.succeeded', charge.request],
      ['refund.created', refund.request],
      ['refund.succeeded', refund.request],
    ]);

    // A replay under the same key answers the stored response, under a new request ID, and sends nothing.
    const key = refund.request.idempotency_key;
    const replay = await post(
      '/v1/refunds',
      { charge_id: charge.answer.body.id, amount: 5000 },
      {
        'Idempotency-Key': key,
      },
    );
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('kestrel-request-id')).not.toBe(refund.request.id);
    expect(await events()).toHaveLength(3);
  });

  it('is the charge’s for the chargeback a disputing test card opens seconds later', async () => {
    const charge = await sent('/v1/charges', {
      ...CHARGE,
      tokenised_card_id: 'tc_test_dispute_fraudulent',
    });
    settle();
    const opened = (await events()).find((event) => event.type === 'chargeback.created');
    expect(opened?.request).toEqual(charge.request);
  });

  it('is none for what time passing brings, such as an authorisation lapsing', async () => {
    const held = await sent('/v1/charges', {
      ...CHARGE,
      tokenised_card_id: 'tc_test_visa',
      capture: false,
    });
    expect(held.answer.body.status).toBe('requires_capture');
    const advanced = await advanceTestClock(8 * 24 * 60 * 60 * 1000);
    expect(advanced.status).toBe(200);
    const lapsed = (await events()).filter((event) => event.data.object.id === held.answer.body.id);
    expect(lapsed.map((event) => [event.type, event.request])).toEqual([['charge.failed', null]]);
  });
});
