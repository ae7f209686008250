import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

// Charges of saved cards: how they are flagged to the issuer, and the saved card that has expired.
const { post, get, advanceTestClock, clock, settle } = sandboxForEachTest();

const EXPIRING_CARD = '4000000000040024';
const DAY_MS = 24 * 60 * 60 * 1000;
const charge = (card: string) =>
  post('/v1/charges', {
    amount: 12500,
    currency: 'GBP',
    booking_id: 'bk_8Jd2kLq',
    tokenised_card_id: card,
  });

/** A card saved on a hosted page that expires at the end of next month, and when it lapses. */
async function expiringCard() {
  const link = await post('/v1/payment_links', {
    amount: 5000,
    currency: 'GBP',
    booking_id: 'bk_8Jd2kLq',
    save_card: true,
  });
  const paid = await post(`/v1/test_helpers/payment_links/${link.body.id}/pay`, {
    payment_method_type: 'card',
    card_number: EXPIRING_CARD,
    save_card: true,
  });
  const cardId = paid.body.tokenised_card_id as string;
  settle();
  const { exp_month: month, exp_year: year } = (await get(`/v1/tokenised_cards/${cardId}`)).body;
  return { cardId, expiresAt: Date.UTC(year, month, 1) };
}

describe('a charge of a saved card', () => {
  it('is a subsequent use with initial_network_transaction_id null for a card saved without a network id', async () => {
    const card = (await get('/v1/tokenised_cards/tc_test_visa')).body;
    expect(card.network_transaction_id).toBeNull();
    const charged = await charge('tc_test_visa');
    expect(charged.status, JSON.stringify(charged.body)).toBe(201);
    expect(charged.body).toMatchObject({
      status: 'succeeded',
      stored_credential: { usage: 'subsequent', initial_network_transaction_id: null },
    });
  });

  it('answers 400 payment_method_unusable for a card that has expired', async () => {
    const { cardId, expiresAt } = await expiringCard();
    await advanceTestClock(expiresAt - clock.now() + DAY_MS);
    expect((await get(`/v1/tokenised_cards/${cardId}`)).body.status).toBe('expired');
    const refused = await charge(cardId);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'payment_method_unusable',
      param: 'tokenised_card_id',
    });
  });

  it('fails at once with expired_card when a scheduled payment falls due after the card expired', async () => {
    const { cardId, expiresAt } = await expiringCard();
    const dueDate = new Date(expiresAt + 5 * DAY_MS).toISOString().slice(0, 10);
    const scheduled = await post('/v1/scheduled_payments', {
      booking_id: 'bk_8Jd2kLq',
      tokenised_card_id: cardId,
      amount: 5000,
      currency: 'GBP',
      due_date: dueDate,
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    await advanceTestClock(expiresAt - clock.now() + DAY_MS);
    const attempted = await post(
      `/v1/test_helpers/scheduled_payments/${scheduled.body.id}/attempt`,
    );
    expect(attempted.body).toMatchObject({
      status: 'failed',
      attempt_count: 1,
      last_failure_code: 'expired_card',
    });
  });
});
