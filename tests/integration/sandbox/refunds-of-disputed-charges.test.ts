import { describe, expect, it } from 'vitest';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const { post, get, settle } = sandboxForEachTest();
const submit = (id: string, explanation: string) =>
  post(`/v1/chargebacks/${id}/evidence`, { evidence: { explanation } });
const refund = (chargeId: string, amount?: number) =>
  post('/v1/refunds', { charge_id: chargeId, ...(amount === undefined ? {} : { amount }) });

/** Charges a test card, and answers the dispute it draws once it has opened. */
async function disputed(card: string) {
  const charge = (await post('/v1/charges', { ...CHARGE, tokenised_card_id: card })).body;
  settle();
  const [chargeback] = (await get(`/v1/chargebacks?charge_id=${charge.id}`)).body.data;
  expect(chargeback, card).toBeDefined();
  return { charge, chargeback };
}

/** Expects a refund of the charge to be refused as the charge is under dispute. */
async function expectRefusedAsDisputed(chargeId: string, stage: string) {
  const refused = await refund(chargeId);
  expect(refused.status, stage).toBe(409);
  expect(refused.body.error.code, stage).toBe('charge_disputed');
}

describe('a refund of a charge under an open dispute', () => {
  it('is refused with charge_disputed at the inquiry stage', async () => {
    const { charge, chargeback } = await disputed('tc_test_inquiry_not_as_described');
    expect(chargeback).toMatchObject({ stage: 'inquiry', status: 'needs_response' });
    await expectRefusedAsDisputed(charge.id, 'inquiry');
  });

  it('is refused with charge_disputed at pre-arbitration and arbitration, until the case closes', async () => {
    const { charge, chargeback } = await disputed('tc_test_dispute_service_not_provided');
    await submit(chargeback.id, 'sandbox_pre_arbitration_evidence');
    settle();
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body.stage).toBe('pre_arbitration');
    await expectRefusedAsDisputed(charge.id, 'pre_arbitration');
    await submit(chargeback.id, 'sandbox_winning_evidence');
    settle();
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body).toMatchObject({
      stage: 'arbitration',
      status: 'under_review',
    });
    await expectRefusedAsDisputed(charge.id, 'arbitration');
    settle();
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body.status).toBe('won');
    expect((await refund(charge.id, 1000)).status).toBe(201);
  });
});

describe('a refund after a chargeback for part of a charge is lost', () => {
  it('is refused with amount_too_large beyond what the chargeback left, and takes the rest', async () => {
    const { charge, chargeback } = await disputed('tc_test_partial_dispute_service_not_provided');
    const half = Math.floor(CHARGE.amount / 2);
    expect(chargeback).toMatchObject({ amount: half, reason: 'service_not_provided' });
    const lost = await post(`/v1/chargebacks/${chargeback.id}/accept`);
    expect(lost.body.status).toBe('lost');
    const left = CHARGE.amount - half;
    const tooMuch = await refund(charge.id, left + 1);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatchObject({ code: 'amount_too_large', param: 'amount' });
    const rest = await refund(charge.id);
    expect(rest.status).toBe(201);
    expect(rest.body.amount).toBe(left);
    const nothingLeft = await refund(charge.id);
    expect(nothingLeft.status).toBe(409);
    expect(nothingLeft.body.error.code).toBe('charge_already_refunded');
  });
});
