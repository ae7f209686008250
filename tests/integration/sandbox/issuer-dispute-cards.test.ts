import { describe, expect, it } from 'vitest';
import { EVIDENCE_WINDOW_MS } from '@/lib/sandbox/limits';
import { timestamp } from '@/lib/sandbox/time';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, settle, eventTypes, advanceTestClock: advance } = sandbox;
const DAY_MS = 24 * 60 * 60 * 1000;

type Delivery = { type: string; body: string };

/** Charges a test card and answers the charge and the chargeback it draws once it has opened. */
async function disputed(card: string) {
  const charge = (await post('/v1/charges', { ...CHARGE, tokenised_card_id: card })).body;
  settle();
  const [chargeback] = (await get(`/v1/chargebacks?charge_id=${charge.id}`)).body.data;
  expect(chargeback, card).toBeDefined();
  return { charge, chargeback };
}

/** The object an event of a type carried when it was sent, as the inbox delivered it. */
async function sentWith(type: string) {
  const deliveries = (await get('/inbox')).body.data as Delivery[];
  const delivery = deliveries.find((candidate) => candidate.type === type);
  expect(delivery, type).toBeDefined();
  return JSON.parse(delivery!.body).data.object;
}

describe('an issuer that gives more time to answer', () => {
  it('moves evidence_due_by a week on a day after the chargeback opens, sending chargeback.updated', async () => {
    const { chargeback } = await disputed('tc_test_deadline_extended_fraudulent');
    expect(chargeback).toMatchObject({ status: 'needs_response', reason: 'fraudulent' });
    const firstDeadline = Date.parse(chargeback.evidence_due_by);
    await advance(DAY_MS + 1000);
    const extended = (await get(`/v1/chargebacks/${chargeback.id}`)).body;
    expect(extended).toMatchObject({
      status: 'needs_response',
      evidence_due_by: timestamp(firstDeadline + EVIDENCE_WINDOW_MS),
    });
    expect(await eventTypes()).toEqual([
      'charge.succeeded',
      'chargeback.created',
      'chargeback.updated',
    ]);
    expect((await sentWith('chargeback.updated')).evidence_due_by).toBe(extended.evidence_due_by);
    // The first deadline passes without closing the case; the new one closes it as lost.
    await advance(EVIDENCE_WINDOW_MS);
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body.status).toBe('needs_response');
    await advance(EVIDENCE_WINDOW_MS);
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body.status).toBe('lost');
  });

  it('leaves the deadline of a chargeback already answered', async () => {
    const { chargeback } = await disputed('tc_test_deadline_extended_fraudulent');
    await post(`/v1/chargebacks/${chargeback.id}/evidence`, {
      evidence: { explanation: 'The cardholder booked and travelled.' },
    });
    await advance(DAY_MS + 1000);
    expect((await get(`/v1/chargebacks/${chargeback.id}`)).body).toMatchObject({
      status: 'under_review',
      evidence_due_by: chargeback.evidence_due_by,
    });
    // The one chargeback.updated is the submission's own.
    expect(await eventTypes()).toEqual([
      'charge.succeeded',
      'chargeback.created',
      'chargeback.updated',
    ]);
  });
});

describe('an early fraud warning', () => {
  it('turns no longer actionable once a chargeback opens on its charge', async () => {
    const { charge, chargeback } = await disputed('tc_test_fraud_warning_then_dispute_fraudulent');
    expect(chargeback).toMatchObject({ stage: 'chargeback', reason: 'fraudulent' });
    expect((await sentWith('charge.fraud_warning_received')).fraud_warning).toMatchObject({
      actionable: true,
    });
    expect((await get(`/v1/charges/${charge.id}`)).body).toMatchObject({
      disputed: true,
      fraud_warning: { fraud_type: 'card_stolen', actionable: false },
    });
    expect(await eventTypes()).toEqual([
      'charge.succeeded',
      'charge.fraud_warning_received',
      'chargeback.created',
    ]);
  });
});
