import { describe, expect, it } from 'vitest';
import { ARBITRATION_FEE_AMOUNT, EVIDENCE_WINDOW_MS } from '@/lib/sandbox/limits';
import { timestamp } from '@/lib/sandbox/synthesis';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, eventTypes, settle, clock, advanceTestClock: advance } = sandbox;
const DAY_MS = 24 * 60 * 60 * 1000;
const submit = (id: string, explanation: string) =>
  post(`/v1/chargebacks/${id}/evidence`, { evidence: { explanation } });

/** Charges a test card, then answers the dispute it draws once it has opened. */
async function disputed(card: string) {
  const charge = (await post('/v1/charges', { ...CHARGE, tokenised_card_id: card })).body;
  settle();
  const list = (await get('/v1/chargebacks?limit=100')).body.data as Record<string, unknown>[];
  const chargeback = list.find((candidate) => candidate.charge_id === charge.id);
  expect(chargeback, card).toBeDefined();
  return { charge, chargeback: chargeback as Record<string, unknown> & { id: string } };
}

describe('an inquiry', () => {
  it('opens with nothing taken, and closes as won when the evidence answers it', async () => {
    const { chargeback } = await disputed('tc_test_inquiry_not_as_described');
    expect(chargeback).toMatchObject({
      stage: 'inquiry',
      status: 'needs_response',
      reason: 'not_as_described',
      fee_amount: 0,
    });
    await submit(chargeback.id, 'sandbox_winning_evidence');
    settle();
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body).toMatchObject({
      stage: 'inquiry',
      status: 'won',
    });
  });

  it('becomes a chargeback, with its fee and a new deadline, when the issuer is not satisfied', async () => {
    const { chargeback } = await disputed('tc_test_inquiry_not_as_described');
    await submit(chargeback.id, 'sandbox_losing_evidence');
    settle();
    const escalated = (await get(`/v1/chargebacks/${chargeback.id}`)).body;
    expect(escalated).toMatchObject({ stage: 'chargeback', status: 'needs_response' });
    expect(escalated.fee_amount).toBeGreaterThan(0);
    expect(escalated.evidence_due_by).toBe(timestamp(clock.now() + EVIDENCE_WINDOW_MS));
    expect(await eventTypes()).toEqual([
      'charge.succeeded',
      'chargeback.created',
      'chargeback.updated',
      'chargeback.escalated',
    ]);
  });

  it('becomes a chargeback, with its fee and a new deadline, when its deadline passes unanswered', async () => {
    const { chargeback } = await disputed('tc_test_inquiry_not_as_described');
    const firstDeadline = Date.parse(String(chargeback.evidence_due_by));
    await advance(EVIDENCE_WINDOW_MS + DAY_MS);
    const escalated = (await get(`/v1/chargebacks/${chargeback.id}`)).body;
    expect(escalated).toMatchObject({ stage: 'chargeback', status: 'needs_response' });
    expect(escalated.fee_amount).toBeGreaterThan(0);
    expect(escalated.evidence_due_by).toBe(timestamp(firstDeadline + EVIDENCE_WINDOW_MS));
    expect(await eventTypes()).toEqual([
      'charge.succeeded',
      'chargeback.created',
      'chargeback.escalated',
    ]);
    await advance(EVIDENCE_WINDOW_MS);
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body.status).toBe('lost');
  });

  it('closes as lost with nothing taken when accepted, and its charge stays refundable', async () => {
    const { charge, chargeback } = await disputed('tc_test_inquiry_not_as_described');
    const accepted = await post(`/v1/chargebacks/${chargeback.id}/accept`);
    expect(accepted.body).toMatchObject({ stage: 'inquiry', status: 'lost', fee_amount: 0 });
    const refund = await post('/v1/refunds', { charge_id: charge.id });
    expect(refund.status).toBe(201);
    expect(refund.body.amount).toBe(charge.amount);
  });
});

describe('pre-arbitration and arbitration', () => {
  it('follow evidence the issuer rejects; the scheme decides, and the loser pays its fee', async () => {
    const { chargeback } = await disputed('tc_test_dispute_service_not_provided');
    await submit(chargeback.id, 'sandbox_pre_arbitration_evidence');
    settle();
    const pre = (await get(`/v1/chargebacks/${chargeback.id}`)).body;
    expect(pre).toMatchObject({ stage: 'pre_arbitration', status: 'needs_response' });
    const declined = await submit(chargeback.id, 'sandbox_losing_evidence');
    expect(declined.body).toMatchObject({ stage: 'pre_arbitration', status: 'under_review' });
    settle();
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body).toMatchObject({
      stage: 'arbitration',
      status: 'under_review',
    });
    settle();
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body).toMatchObject({
      stage: 'arbitration',
      status: 'lost',
      fee_amount: pre.fee_amount + ARBITRATION_FEE_AMOUNT,
    });
    expect((await eventTypes()).slice(-5)).toEqual([
      'chargeback.updated',
      'chargeback.escalated',
      'chargeback.updated',
      'chargeback.escalated',
      'chargeback.closed',
    ]);
  });

  it('give each stage its own deadline: the first passes unheeded, the second loses the case', async () => {
    const { chargeback } = await disputed('tc_test_dispute_duplicate');
    await advance(2 * DAY_MS);
    await submit(chargeback.id, 'sandbox_pre_arbitration_evidence');
    settle();
    await advance(6 * DAY_MS);
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body).toMatchObject({
      stage: 'pre_arbitration',
      status: 'needs_response',
    });
    await advance(2 * DAY_MS);
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body.status).toBe('lost');
  });
});

describe('an early fraud warning', () => {
  it('arrives on the charge after it succeeds, and a full refund makes it no longer actionable', async () => {
    const charge = (
      await post('/v1/charges', { ...CHARGE, tokenised_card_id: 'tc_test_early_fraud_warning' })
    ).body;
    expect(charge.fraud_warning).toBeNull();
    settle();
    const warned = (await get(`/v1/charges/${charge.id}`)).body;
    expect(warned.fraud_warning).toMatchObject({ fraud_type: 'card_stolen', actionable: true });
    expect(await eventTypes()).toEqual(['charge.succeeded', 'charge.fraud_warning_received']);
    await post('/v1/refunds', { charge_id: charge.id, reason: 'fraudulent' });
    expect((await get(`/v1/charges/${charge.id}`)).body.fraud_warning.actionable).toBe(false);
  });
});

describe('a refund after a dispute closes', () => {
  it('is refused for what a lost chargeback already returned to the cardholder', async () => {
    const { charge, chargeback } = await disputed('tc_test_dispute_credit_not_processed');
    await post(`/v1/chargebacks/${chargeback.id}/accept`);
    const refused = await post('/v1/refunds', { charge_id: charge.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('charge_already_refunded');
  });

  it('is allowed after a won one', async () => {
    const { charge, chargeback } = await disputed('tc_test_dispute_fraudulent');
    await submit(chargeback.id, 'sandbox_winning_evidence');
    settle();
    const refund = await post('/v1/refunds', { charge_id: charge.id, amount: 5000 });
    expect(refund.status).toBe(201);
  });
});
