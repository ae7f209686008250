import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

// A customer's default card, an email shared by customers, and what a deletion leaves behind.
const { post, get, patch, remove, clock } = sandboxForEachTest();

const DAY_MS = 24 * 60 * 60 * 1000;
const departure = () => new Date(clock.now() + 60 * DAY_MS).toISOString().slice(0, 10);

/** A new customer, and a booking of theirs in pounds. */
async function customerWithBooking(email = 'amelia.hart@example.com') {
  const customer = await post('/v1/customers', { name: 'Amelia Hart', email });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const booking = await post('/v1/bookings', {
    customer_id: customer.body.id,
    reference: `KP-${randomUUID().slice(0, 8)}`,
    total_amount: 100000,
    currency: 'GBP',
    departure_date: departure(),
  });
  expect(booking.status, JSON.stringify(booking.body)).toBe(201);
  return { customerId: customer.body.id as string, bookingId: booking.body.id as string };
}

/** A card the customer saves paying a link for their booking on the hosted page. */
async function savedCard(bookingId: string) {
  const link = await post('/v1/payment_links', {
    amount: 5000,
    currency: 'GBP',
    booking_id: bookingId,
    save_card: true,
  });
  const charge = await post(`/v1/test_helpers/payment_links/${link.body.id}/pay`, {
    payment_method_type: 'card',
    card_number: '4111111111111111',
    save_card: true,
  });
  expect(charge.body.tokenised_card_id, JSON.stringify(charge.body)).toMatch(/^tc_/);
  return charge.body.tokenised_card_id as string;
}

describe("a customer's default_tokenised_card_id", () => {
  it('takes an active card of the customer, and null clears it', async () => {
    const { customerId, bookingId } = await customerWithBooking();
    const card = await savedCard(bookingId);
    const set = await patch(`/v1/customers/${customerId}`, { default_tokenised_card_id: card });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.default_tokenised_card_id).toBe(card);
    const cleared = await patch(`/v1/customers/${customerId}`, { default_tokenised_card_id: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.default_tokenised_card_id).toBeNull();
    expect((await get(`/v1/customers/${customerId}`)).body.default_tokenised_card_id).toBeNull();
  });

  it("answers 400 parameter_invalid for another customer's card", async () => {
    const { bookingId } = await customerWithBooking();
    const theirs = await savedCard(bookingId);
    const refused = await patch('/v1/customers/cus_5Tr9Wm', { default_tokenised_card_id: theirs });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'default_tokenised_card_id',
    });
    expect((await get('/v1/customers/cus_5Tr9Wm')).body.default_tokenised_card_id).toBe(
      'tc_4Nf8xPz',
    );
  });

  it('answers 400 parameter_invalid for a card of the customer that is not active', async () => {
    const { customerId, bookingId } = await customerWithBooking();
    const card = await savedCard(bookingId);
    expect((await remove(`/v1/tokenised_cards/${card}`)).body.status).toBe('deleted');
    const refused = await patch(`/v1/customers/${customerId}`, { default_tokenised_card_id: card });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'parameter_invalid',
      param: 'default_tokenised_card_id',
    });
  });
});

describe('a customer email', () => {
  it('is not unique: two customers may share one', async () => {
    const email = `shared-${randomUUID().slice(0, 8)}@example.com`;
    const first = await post('/v1/customers', { name: 'Amelia Hart', email });
    const second = await post('/v1/customers', { name: 'Oliver Hart', email });
    expect(first.status).toBe(201);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.email).toBe(email);
  });
});

describe('a deleted customer', () => {
  it('answers 404, while its bookings, charges and refunds keep its ID', async () => {
    const { customerId, bookingId } = await customerWithBooking();
    const charge = await post('/v1/charges', {
      amount: 20000,
      currency: 'GBP',
      booking_id: bookingId,
      tokenised_card_id: 'tc_test_visa',
    });
    expect(charge.body.status, JSON.stringify(charge.body)).toBe('succeeded');
    const refund = await post('/v1/refunds', { charge_id: charge.body.id, amount: 5000 });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const deleted = await remove(`/v1/customers/${customerId}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await get(`/v1/customers/${customerId}`)).status).toBe(404);
    const booking = await get(`/v1/bookings/${bookingId}`);
    expect(booking.status).toBe(200);
    expect(booking.body.customer_id).toBe(customerId);
    const charged = await get(`/v1/charges/${charge.body.id}`);
    expect(charged.body.customer_id).toBe(customerId);
    const refunded = await get(`/v1/refunds/${refund.body.id}`);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ charge_id: charge.body.id, booking_id: bookingId });
    for (const kept of [booking.body, charged.body, refunded.body]) {
      expect(kept).not.toHaveProperty('name');
      expect(kept).not.toHaveProperty('email');
      expect(kept).not.toHaveProperty('address');
    }
  });
});
