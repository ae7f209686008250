import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentWithNewOperations } from '../../fixtures/sandbox-scenarios';
import { responseValidator } from '../../support/sandbox-contract';
import { startSandboxServer } from '../../support/sandbox-server';

const document = documentWithNewOperations();
const validResponse = responseValidator(document);
let server: Awaited<ReturnType<typeof startSandboxServer>>;

beforeAll(async () => {
  server = await startSandboxServer({ document });
});
afterAll(() => server.close());

const charge = {
  amount: 12500,
  currency: 'GBP',
  booking_id: 'bk_8Jd2kLq',
  payment_method: 'tc_4Nf8xPz',
};

describe('operations the document adds', () => {
  it('are served with no change to the sandbox: cancelling an uncaptured charge', async () => {
    const token = await server.token();
    const headers = () => ({ 'Idempotency-Key': randomUUID() });
    const held = await server.call('POST', '/v1/charges', {
      token,
      body: { ...charge, capture: false },
      headers: headers(),
    });
    const cancelled = await server.call('POST', `/v1/charges/${held.body.id}/cancel`, { token });
    expect(cancelled.body).toMatchObject({
      status: 'canceled',
      amount_captured: 0,
      capture_before: null,
    });
    expect(validResponse('cancelCharge', cancelled.status, cancelled.body)).toEqual([]);
    const again = await server.call('POST', `/v1/charges/${held.body.id}/cancel`, { token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('charge_not_capturable');
  });

  it('are served with no change to the sandbox: listing and retrieving the events sent', async () => {
    const token = await server.token();
    const paid = await server.call('POST', '/v1/charges', {
      token,
      body: charge,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    const list = await server.call('GET', '/v1/events?type=charge.succeeded&limit=1', { token });
    expect(validResponse('listEvents', list.status, list.body)).toEqual([]);
    const [event] = list.body.data;
    expect(event.data.object.id).toBe(paid.body.id);
    const retrieved = await server.call('GET', `/v1/events/${event.id}`, { token });
    expect(retrieved.body).toEqual(event);
    expect((await server.call('GET', '/v1/events/evt_missing', { token })).status).toBe(404);
  });
});

describe('3-D Secure and hosted pages, as the document declares them', () => {
  it('holds a charge in requires_action with its next_action until authenticated', async () => {
    const token = await server.token();
    const waiting = await server.call('POST', '/v1/charges', {
      token,
      body: { ...charge, payment_method: 'tc_test_fixture_3ds' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(waiting.body).toMatchObject({
      status: 'requires_action',
      amount_captured: 0,
      next_action: {
        type: 'redirect_to_url',
        redirect_url: `https://pay.kestrelpay.com/3ds/${waiting.body.id}`,
      },
    });
    expect(validResponse('createCharge', waiting.status, waiting.body)).toEqual([]);
    const done = await server.call(
      'POST',
      `/v1/test_helpers/charges/${waiting.body.id}/authenticate`,
      { token },
    );
    expect(done.body).toMatchObject({ status: 'succeeded', next_action: null });
    const inbox = await server.call('GET', '/inbox', { token });
    const types = inbox.body.data.map((delivery: { type: string }) => delivery.type).reverse();
    expect(types).toEqual(['charge.requires_action', 'charge.succeeded']);
  });

  it('pays a payment link with a test card: a charge, the saved card and both events', async () => {
    const token = await server.token();
    const link = await server.call('POST', '/v1/payment_links', {
      token,
      body: { amount: 36800, currency: 'GBP', booking_id: 'bk_8Jd2kLq', save_card: true },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    const paid = await server.call('POST', `/v1/test_helpers/payment_links/${link.body.id}/pay`, {
      token,
      body: { card_number: '4242424242424242' },
    });
    expect(paid.body).toMatchObject({ status: 'paid' });
    expect(paid.body.charge_id).toMatch(/^ch_/);
    expect(paid.body.tokenised_card_id).toMatch(/^tc_/);
    const paidCharge = await server.call('GET', `/v1/charges/${paid.body.charge_id}`, { token });
    expect(paidCharge.body).toMatchObject({
      status: 'succeeded',
      amount: 36800,
      payment_method: paid.body.tokenised_card_id,
    });
    const card = await server.call('GET', `/v1/tokenised_cards/${paid.body.tokenised_card_id}`, {
      token,
    });
    expect(card.body).toMatchObject({ status: 'active', customer_id: paid.body.customer_id });
    const inbox = await server.call('GET', '/inbox', { token });
    expect(inbox.body.data.map((delivery: { type: string }) => delivery.type).reverse()).toEqual([
      'charge.succeeded',
      'payment_link.paid',
    ]);
    const again = await server.call('POST', `/v1/test_helpers/payment_links/${link.body.id}/pay`, {
      token,
      body: { card_number: '4242424242424242' },
    });
    expect(again.body.error.code).toBe('payment_link_not_active');
  });
});
