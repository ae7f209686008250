import { describe, expect, it } from 'vitest';
import { sandboxForEachTest } from '../../support/sandbox-session';

// What the scenarios' test cards set beyond status and events, which the walk of every scenario
// (scenarios.test.ts) does not read: the 3-D Secure result and the chargeback's reason.
const { post, get, settle } = sandboxForEachTest();

const onSession = (card: string) => ({
  amount: 12500,
  currency: 'GBP',
  booking_id: 'bk_8Jd2kLq',
  tokenised_card_id: card,
  off_session: false,
  return_url: 'https://agent.example.com/bookings/KP-2026-00417/return',
});

describe('the 3-D Secure test cards', () => {
  it.each([
    ['tc_test_3ds_exempted', 'exempted', 'transaction_risk_analysis', false],
    ['tc_test_3ds_attempted', 'attempted', null, true],
    ['tc_test_3ds_frictionless', 'authenticated', null, true],
  ])(
    '%s: result %s, exemption %s, liability shifted %s',
    async (card, result, exemption, shift) => {
      const charge = await post('/v1/charges', onSession(card));
      expect(charge.status, JSON.stringify(charge.body)).toBe(201);
      expect(charge.body.status).toBe('succeeded');
      expect(charge.body.card.three_d_secure).toMatchObject({
        result,
        exemption,
        liability_shift: shift,
      });
    },
  );
});

describe('the chargeback test cards', () => {
  it.each(['duplicate', 'credit_not_processed', 'fraudulent', 'supplier_failure'])(
    'tc_test_dispute_%s opens a chargeback with that reason',
    async (reason) => {
      const charge = await post('/v1/charges', {
        amount: 12500,
        currency: 'GBP',
        booking_id: 'bk_8Jd2kLq',
        tokenised_card_id: `tc_test_dispute_${reason}`,
      });
      settle();
      const [opened] = (await get('/v1/chargebacks')).body.data.filter(
        (chargeback: { charge_id: string }) => chargeback.charge_id === charge.body.id,
      );
      expect(opened).toMatchObject({ reason, status: 'needs_response' });
    },
  );
});
