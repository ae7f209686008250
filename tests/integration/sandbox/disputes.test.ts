import { describe, expect, it } from 'vitest';
import { ARBITRATION_FEE_AMOUNT, EVIDENCE_WINDOW_MS } from '@/lib/sandbox/limits';
import { timestamp } from '@/lib/sandbox/time';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, patch, eventTypes, settle, clock, advanceTestClock: advance } = sandbox;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The documented dispute fee a chargeback opens with, and an inquiry takes when it escalates. */
const FEE = 1500;
/** What the charge settles as, less the sandbox acquirer's documented 1.5 % fee. */
const NET = CHARGE.amount - Math.round(CHARGE.amount * 0.015);
/** A chargeback takes back the charge's whole amount: its net, and the acquirer's fee on top. */
const LOST = CHARGE.amount - NET + FEE;
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

/** The GBP balance, by part. */
const parts = async () => ({
  available: await sandbox.balanceOf('available', 'GBP'),
  pending: await sandbox.balanceOf('pending', 'GBP'),
  reserved: await sandbox.balanceOf('reserved', 'GBP'),
});

/** The balance before a test card's charge, and once its dispute has opened. */
async function disputedFromBalance(card: string) {
  const before = await parts();
  const dispute = await disputed(card);
  return { before, ...dispute };
}

describe('the balance', () => {
  it('loses the disputed amount and the fee as soon as a case opens as a chargeback', async () => {
    const { before, chargeback } = await disputedFromBalance('tc_test_dispute_fraudulent');
    expect(chargeback).toMatchObject({
      stage: 'chargeback',
      amount: CHARGE.amount,
      fee_amount: FEE,
    });
    // The charge settled into `available`, and the chargeback took it back with its fee.
    expect(await parts()).toEqual({ ...before, available: before.available - LOST });
  });

  it('loses nothing to an inquiry until it becomes a chargeback', async () => {
    const { before, chargeback } = await disputedFromBalance('tc_test_inquiry_not_as_described');
    const settled = { ...before, available: before.available + NET };
    expect(await parts()).toEqual(settled);
    await submit(chargeback.id, 'sandbox_losing_evidence');
    expect(await parts()).toEqual(settled);
    settle();
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body.stage).toBe('chargeback');
    expect(await parts()).toEqual({ ...before, available: before.available - LOST });
  });

  it('gets the disputed amount back, but not the fee, when the chargeback is won', async () => {
    const { before, chargeback } = await disputedFromBalance('tc_test_dispute_fraudulent');
    await submit(chargeback.id, 'sandbox_winning_evidence');
    settle();
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body.status).toBe('won');
    // Like a captured charge, the returned amount waits in `pending` until it settles.
    expect(await parts()).toEqual({
      ...before,
      available: before.available - LOST,
      pending: before.pending + CHARGE.amount,
    });
    settle();
    expect(await parts()).toEqual({
      ...before,
      available: before.available + CHARGE.amount - LOST,
    });
  });

  it('loses the arbitration fee too when the scheme decides for the cardholder', async () => {
    const { before, chargeback } = await disputedFromBalance(
      'tc_test_dispute_service_not_provided',
    );
    await submit(chargeback.id, 'sandbox_pre_arbitration_evidence');
    settle();
    await submit(chargeback.id, 'sandbox_losing_evidence');
    settle();
    const debited = { ...before, available: before.available - LOST };
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body.stage).toBe('arbitration');
    expect(await parts()).toEqual(debited);
    settle();
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body.status).toBe('lost');
    expect(await parts()).toEqual({
      ...debited,
      available: debited.available - ARBITRATION_FEE_AMOUNT,
    });
  });

  it("takes the disputed amount from the booking's reserved money first, and a win reserves it again", async () => {
    await patch('/v1/organisation', { funds_release: 'on_departure' });
    const departure = new Date(clock.now() + 30 * DAY_MS).toISOString().slice(0, 10);
    const booking = await post('/v1/bookings', {
      reference: `KP-DISPUTE-${Date.now()}`,
      customer_id: 'cus_5Tr9Wm',
      total_amount: CHARGE.amount,
      currency: 'GBP',
      departure_date: departure,
    });
    expect(booking.status, JSON.stringify(booking.body)).toBe(201);
    const before = await parts();
    const charge = (
      await post('/v1/charges', {
        ...CHARGE,
        booking_id: booking.body.id,
        tokenised_card_id: 'tc_test_dispute_fraudulent',
      })
    ).body;
    settle();
    const chargeback = (await get(`/v1/chargebacks?charge_id=${charge.id}`)).body.data[0];
    // All the booking held went back, and what it lacked came from `available`.
    expect(await parts()).toEqual({ ...before, available: before.available - LOST });
    await submit(chargeback.id, 'sandbox_winning_evidence');
    settle();
    settle();
    expect(await parts()).toEqual({
      ...before,
      available: before.available - LOST,
      reserved: before.reserved + CHARGE.amount,
    });
  });
});

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
    const { before, chargeback } = await disputedFromBalance('tc_test_inquiry_not_as_described');
    const firstDeadline = Date.parse(String(chargeback.evidence_due_by));
    await advance(EVIDENCE_WINDOW_MS + DAY_MS);
    const escalated = (await get(`/v1/chargebacks/${chargeback.id}`)).body;
    expect(escalated).toMatchObject({ stage: 'chargeback', status: 'needs_response' });
    expect(escalated.fee_amount).toBe(FEE);
    expect(await parts()).toEqual({ ...before, available: before.available - LOST });
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
