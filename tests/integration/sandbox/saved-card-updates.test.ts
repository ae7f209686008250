import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

// What the issuer of a saved test card reports seconds after a hosted payment saves it
// (Testing page, Saved card updates): a new expiry date, or that the card runs out next month.
const { post, get, settle, eventTypes, clock } = sandboxForEachTest();

const REISSUED_CARD = '4000000000040016';
const EXPIRING_CARD = '4000000000040024';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Pays the documented link, which offers to save the card, with a test card number. */
async function pay(cardNumber: string, saveCard: boolean) {
  const charge = await post('/v1/test_helpers/payment_links/pl_7Vn3Qe/pay', {
    payment_method_type: 'card',
    card_number: cardNumber,
    save_card: saveCard,
  });
  expect(charge.status, JSON.stringify(charge.body)).toBe(200);
  expect(charge.body.status).toBe('succeeded');
  return charge.body;
}

/** Moves the sandbox's test clock just past a moment, as the Testing page's control does. */
async function advancePast(moment: number) {
  // One advance moves at most a year.
  for (let left = Math.ceil((moment - clock.now()) / 1000) + 1; left > 0; left -= YEAR_SECONDS) {
    const answer = await post('/clock/advance', { seconds: Math.min(left, YEAR_SECONDS) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
}

type Delivery = { type: string; body: string };

/** The saved card as the inbox's last event about it shows it. */
async function cardInLastEvent() {
  const [latest] = (await get('/inbox')).body.data as Delivery[];
  return JSON.parse(latest!.body).data.object;
}

describe('saved card updates', () => {
  it('reports a reissued card with a new expiry date in tokenised_card.updated', async () => {
    const charge = await pay(REISSUED_CARD, true);
    const saved = (await get(`/v1/tokenised_cards/${charge.tokenised_card_id}`)).body;
    expect(saved).toMatchObject({ last4: '0016', exp_month: 12, status: 'active' });
    settle();
    const updated = (await get(`/v1/tokenised_cards/${charge.tokenised_card_id}`)).body;
    expect(updated.id).toBe(saved.id);
    expect(updated.exp_year).toBeGreaterThan(saved.exp_year);
    expect(updated.status).toBe('active');
    expect(await eventTypes()).toEqual([
      'charge.succeeded',
      'payment_link.paid',
      'tokenised_card.updated',
    ]);
    expect(await cardInLastEvent()).toMatchObject({
      id: saved.id,
      exp_month: updated.exp_month,
      exp_year: updated.exp_year,
    });
  });

  it('saves a card expiring at the end of next month and sends tokenised_card.expiring', async () => {
    const charge = await pay(EXPIRING_CARD, true);
    const today = new Date(clock.now());
    const nextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
    const expiry = { exp_month: nextMonth.getUTCMonth() + 1, exp_year: nextMonth.getUTCFullYear() };
    expect(charge.card).toMatchObject(expiry);
    settle();
    const card = (await get(`/v1/tokenised_cards/${charge.tokenised_card_id}`)).body;
    expect(card).toMatchObject({ ...expiry, status: 'active' });
    expect(await eventTypes()).toEqual([
      'charge.succeeded',
      'payment_link.paid',
      'tokenised_card.expiring',
    ]);
    expect(await cardInLastEvent()).toMatchObject({ id: card.id, ...expiry });
    // When its expiry month ends, the card lapses and can no longer be charged.
    await advancePast(Date.UTC(expiry.exp_year, expiry.exp_month, 1));
    const lapsed = (await get(`/v1/tokenised_cards/${card.id}`)).body;
    expect(lapsed.status).toBe('expired');
  });

  it('keeps a reissued card active past the expiry date it was saved with', async () => {
    const charge = await pay(REISSUED_CARD, true);
    settle();
    const { exp_month: month, exp_year: year } = charge.card;
    await advancePast(Date.UTC(year, month, 1));
    const card = (await get(`/v1/tokenised_cards/${charge.tokenised_card_id}`)).body;
    expect(card.status).toBe('active');
  });

  it('sends nothing about a card the customer did not save', async () => {
    const charge = await pay(REISSUED_CARD, false);
    expect(charge.tokenised_card_id).toBeNull();
    settle();
    expect(await eventTypes()).toEqual(['charge.succeeded', 'payment_link.paid']);
  });
});
