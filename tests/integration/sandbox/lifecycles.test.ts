import { describe, expect, it } from 'vitest';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, remove, eventTypes, settle } = sandbox;
const ids = (list: { data: { id: string }[] }) => list.data.map((object) => object.id);
/** The day `days` after today, as `YYYY-MM-DD`: due dates fall from tomorrow to departure. */
const dayIn = (days: number) =>
  new Date(sandbox.clock.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Cancels the documented customer's instalments, which keep their data needed. */
async function cancelInstalments() {
  for (const { id } of (await get('/v1/scheduled_payments?status=scheduled')).body.data) {
    await post(`/v1/scheduled_payments/${id}/cancel`);
  }
}

/** Accepts the story's open disputes of the sample customer: the snorkelling trip's and the escalated inquiry. */
async function acceptStoryChargebacks() {
  for (const id of ['cb_2Pq7Vn', 'cb_5Wd3Hr']) {
    expect((await post(`/v1/chargebacks/${id}/accept`)).status).toBe(200);
  }
}

describe('chargeback', () => {
  it('takes evidence while it needs a response, and is lost once accepted', async () => {
    const reviewed = await post('/v1/chargebacks/cb_2Pq7Vn/evidence', {
      evidence: { explanation: 'Stayed 7 nights.' },
    });
    expect(reviewed.body).toMatchObject({
      status: 'under_review',
      evidence: { explanation: 'Stayed 7 nights.' },
    });
    settle();
    expect((await get('/v1/chargebacks/cb_2Pq7Vn')).body.status).toBe('under_review');
    const late = await post('/v1/chargebacks/cb_2Pq7Vn/accept');
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('chargeback_not_awaiting_response');
    await sandbox.newSandbox();
    const accepted = await post('/v1/chargebacks/cb_2Pq7Vn/accept');
    expect(accepted.body).toMatchObject({ status: 'lost' });
    expect(accepted.body.closed_at).not.toBeNull();
    expect(await eventTypes()).toEqual(['chargeback.closed']);
  });

  it('opens seconds after a charge of a disputing test card, and the winning evidence closes it', async () => {
    const charge = await post('/v1/charges', {
      ...CHARGE,
      tokenised_card_id: 'tc_test_dispute_service_not_provided',
    });
    expect(charge.body).toMatchObject({ status: 'succeeded', disputed: false });
    settle();
    const disputed = (await get(`/v1/charges/${charge.body.id}`)).body;
    expect(disputed.disputed).toBe(true);
    const [chargeback] = (await get(`/v1/chargebacks?charge_id=${charge.body.id}`)).body.data;
    expect(chargeback).toMatchObject({
      status: 'needs_response',
      reason: 'service_not_provided',
      amount: 12500,
      booking_id: 'bk_8Jd2kLq',
    });
    const dueInDays = (Date.parse(chargeback.evidence_due_by) - sandbox.clock.now()) / 86_400_000;
    expect(Math.round(dueInDays)).toBe(7);
    const refund = await post('/v1/refunds', { charge_id: charge.body.id });
    expect(refund.body.error.code).toBe('charge_disputed');
    await post(`/v1/chargebacks/${chargeback.id}/evidence`, {
      evidence: { explanation: 'sandbox_winning_evidence' },
    });
    settle();
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body).toMatchObject({
      status: 'won',
      closed_at: expect.any(String),
    });
    expect((await get(`/v1/charges/${charge.body.id}`)).body.disputed).toBe(false);
    expect(await eventTypes()).toEqual([
      'charge.succeeded',
      'chargeback.created',
      'chargeback.updated',
      'chargeback.closed',
    ]);
  });
});

describe('booking', () => {
  it('cancelled, closes what waits on it and cannot be cancelled again', async () => {
    const link = await post('/v1/payment_links', {
      amount: 36800,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
    });
    const held = await post('/v1/charges', { ...CHARGE, capture: false });
    const instalment = await post('/v1/scheduled_payments', {
      booking_id: 'bk_8Jd2kLq',
      amount: 73600,
      currency: 'GBP',
      due_date: dayIn(7),
    });
    const cancelled = await post('/v1/bookings/bk_8Jd2kLq/cancel', {
      cancellation_reason: 'Trip cancelled',
    });
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      amount_due: 0,
      cancellation_reason: 'Trip cancelled',
    });
    expect((await get(`/v1/payment_links/${link.body.id}`)).body.status).toBe('deactivated');
    expect((await get(`/v1/charges/${held.body.id}`)).body).toMatchObject({
      status: 'cancelled',
      cancelled_at: expect.any(String),
    });
    const charges = (await get('/v1/charges?booking_id=bk_8Jd2kLq&limit=100')).body.data;
    const waiting = ['requires_capture', 'requires_action'];
    expect(charges.filter((c: { status: string }) => waiting.includes(c.status))).toEqual([]);
    expect((await get(`/v1/scheduled_payments/${instalment.body.id}`)).body.status).toBe(
      'cancelled',
    );
    const cancelledCharges = charges.filter((c: { status: string }) => c.status === 'cancelled');
    expect(await eventTypes()).toEqual(cancelledCharges.map(() => 'charge.cancelled'));
    const again = await post('/v1/bookings/bk_8Jd2kLq/cancel');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('booking_cancelled');
  });
});

describe('customers and their saved cards', () => {
  it('refuses to delete a card a scheduled payment will charge, or its customer', async () => {
    const instalment = await post('/v1/scheduled_payments', {
      booking_id: 'bk_8Jd2kLq',
      tokenised_card_id: 'tc_4Nf8xPz',
      amount: 73600,
      currency: 'GBP',
      due_date: dayIn(30),
    });
    const card = await remove('/v1/tokenised_cards/tc_4Nf8xPz');
    expect(card.status).toBe(409);
    expect(card.body.error.code).toBe('tokenised_card_in_use');
    const customer = await remove('/v1/customers/cus_5Tr9Wm');
    expect(customer.body.error.code).toBe('customer_deletion_blocked');
    await cancelInstalments();
    expect((await get(`/v1/scheduled_payments/${instalment.body.id}`)).body.status).toBe(
      'cancelled',
    );
    const deleted = await remove('/v1/tokenised_cards/tc_4Nf8xPz');
    expect(deleted.body.status).toBe('deleted');
    expect((await get('/v1/customers/cus_5Tr9Wm')).body.default_tokenised_card_id).toBeNull();
  });

  it('refuses to delete a customer with an open chargeback, and deletes their cards with them', async () => {
    const charge = await post('/v1/charges', {
      ...CHARGE,
      tokenised_card_id: 'tc_test_dispute_fraudulent',
    });
    settle();
    await cancelInstalments();
    const blocked = await remove('/v1/customers/cus_5Tr9Wm');
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.code).toBe('customer_deletion_blocked');
    const [chargeback] = (await get(`/v1/chargebacks?charge_id=${charge.body.id}`)).body.data;
    expect(chargeback.reason).toBe('fraudulent');
    await post(`/v1/chargebacks/${chargeback.id}/accept`);
    await acceptStoryChargebacks();
    expect((await remove('/v1/customers/cus_5Tr9Wm')).body).toMatchObject({ deleted: true });
    expect((await get('/v1/tokenised_cards/tc_4Nf8xPz')).body.status).toBe('deleted');
  });

  it('never lists the test cards, which every sandbox holds', async () => {
    const cards = (await get('/v1/tokenised_cards?customer_id=cus_5Tr9Wm&limit=100')).body;
    expect(ids(cards)).toContain('tc_4Nf8xPz');
    expect(ids(cards).some((id) => id.startsWith('tc_test_'))).toBe(false);
    expect((await get('/v1/tokenised_cards/tc_test_visa')).status).toBe(200);
  });
});

describe('webhook endpoints and events', () => {
  const endpoint = {
    url: 'https://agent.example.com/webhooks/kestrel',
    enabled_events: ['charge.succeeded'],
  };

  it('shows the signing secret once, at creation', async () => {
    const created = await post('/v1/webhook_endpoints', endpoint);
    expect(created.body).toMatchObject({
      status: 'enabled',
      livemode: false,
      api_version: sandbox.model().versions.current,
    });
    const { signing_secret: secret } = (await get('/inbox')).body;
    expect(created.body.secret).toBe(secret);
    expect((await get(`/v1/webhook_endpoints/${created.body.id}`)).body.secret).toBeNull();
    const listed = (await get('/v1/webhook_endpoints')).body.data;
    expect(listed.find((item: { id: string }) => item.id === created.body.id).secret).toBeNull();
  });

  it('refuses a URL that is not public HTTPS, and an event type that does not exist', async () => {
    const local = await post('/v1/webhook_endpoints', {
      ...endpoint,
      url: 'https://localhost/webhooks',
    });
    expect(local.body.error).toMatchObject({ code: 'webhook_url_invalid', param: 'url' });
    const unknown = await post('/v1/webhook_endpoints', {
      ...endpoint,
      enabled_events: ['charge.exploded'],
    });
    expect(unknown.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'enabled_events',
    });
  });

  it('lists events by type and object, retrieves and resends one with its own ID', async () => {
    const paid = (await post('/v1/charges', CHARGE)).body;
    await post('/v1/charges', { ...CHARGE, tokenised_card_id: 'tc_test_do_not_honour' });
    const charges = (await get('/v1/events?type=charge.*')).body;
    expect(charges.data.map((event: { type: string }) => event.type).slice(0, 2)).toEqual([
      'charge.failed',
      'charge.succeeded',
    ]);
    const [event] = (await get(`/v1/events?object_id=${paid.id}`)).body.data;
    expect(event).toMatchObject({ type: 'charge.succeeded', data: { object: { id: paid.id } } });
    expect((await get(`/v1/events/${event.id}`)).body).toEqual(event);
    const created = await post('/v1/webhook_endpoints', endpoint);
    const resent = await post(`/v1/events/${event.id}/resend`, {
      webhook_endpoint_id: created.body.id,
    });
    expect(resent.status).toBe(202);
    expect(resent.body).toEqual(event);
    const inbox = (await get('/inbox')).body.data as { event_id: string }[];
    expect(inbox.filter((delivery) => delivery.event_id === event.id)).toHaveLength(2);
    await sandbox.patch(`/v1/webhook_endpoints/${created.body.id}`, { status: 'disabled' });
    const disabled = await post(`/v1/events/${event.id}/resend`, {
      webhook_endpoint_id: created.body.id,
    });
    expect(disabled.status).toBe(409);
    expect(disabled.body.error.code).toBe('webhook_endpoint_disabled');
    expect((await get('/v1/events/evt_missing')).status).toBe(404);
  });
});

describe('lists', () => {
  it('page with starting_after and ending_before, filter by field and time', async () => {
    const created: { id: string; created_at: string }[] = [];
    for (let index = 0; index < 3; index += 1) {
      sandbox.clock.advance(1000);
      created.unshift((await post('/v1/charges', CHARGE)).body);
    }
    const order = created.map((object) => object.id);
    const first = (await get('/v1/charges?limit=2')).body;
    expect(ids(first)).toEqual(order.slice(0, 2));
    expect(first).toMatchObject({ has_more: true, next_cursor: order[1] });
    const second = (await get(`/v1/charges?limit=2&starting_after=${first.next_cursor}`)).body;
    expect(second.data[0].id).toBe(order[2]);
    const back = (await get(`/v1/charges?limit=2&ending_before=${order[2]}`)).body;
    expect(ids(back)).toEqual(order.slice(0, 2));
    const since = created[0]!.created_at;
    expect(ids((await get(`/v1/charges?created_after=${since}`)).body)).toEqual([order[0]]);
    const held = (await get('/v1/charges?status=requires_capture')).body.data;
    expect(held.every((c: { status: string }) => c.status === 'requires_capture')).toBe(true);
  });

  it('refuse a cursor that names no object of the list', async () => {
    for (const cursor of ['starting_after', 'ending_before']) {
      const answer = await get(`/v1/charges?${cursor}=ch_unknown`);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'parameter_invalid', param: cursor });
      expect(answer.body.error.message).toBe(
        `The ${cursor} parameter must name an object in this list, with the same filters: ch_unknown is not one.`,
      );
    }
  });

  it('stop showing a deleted object, sample objects included', async () => {
    await cancelInstalments();
    await acceptStoryChargebacks();
    expect((await remove('/v1/customers/cus_5Tr9Wm')).body).toMatchObject({ deleted: true });
    expect((await get('/v1/customers/cus_5Tr9Wm')).status).toBe(404);
    expect(ids((await get('/v1/customers')).body)).not.toContain('cus_5Tr9Wm');
  });
});
