import { describe, expect, it } from 'vitest';
import { timestamp } from '@/lib/sandbox/time';
import { CHARGE, sandboxForEachTest } from '../../support/sandbox-session';

const sandbox = sandboxForEachTest();
const { post, get, settle, clock } = sandbox;
const evidence = (id: string, body: Record<string, unknown>) =>
  post(`/v1/chargebacks/${id}/evidence`, body);

/** A chargeback needing a response, opened seconds after a charge of a disputing test card. */
async function openChargeback(): Promise<string> {
  const charge = await post('/v1/charges', {
    ...CHARGE,
    tokenised_card_id: 'tc_test_dispute_fraudulent',
  });
  settle();
  const [chargeback] = (await get(`/v1/chargebacks?charge_id=${charge.body.id}`)).body.data;
  expect(chargeback).toMatchObject({ status: 'needs_response', evidence_submitted_at: null });
  return chargeback.id;
}

describe('evidence for a chargeback', () => {
  it('saved as a draft leaves it in needs_response, and once submitted sets evidence_submitted_at', async () => {
    const id = await openChargeback();
    const draft = await evidence(id, {
      evidence: { explanation: 'The customer stayed 7 nights.' },
      submit: false,
    });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ status: 'needs_response', evidence_submitted_at: null });
    const submitted = await evidence(id, {});
    expect(submitted.body).toMatchObject({
      status: 'under_review',
      evidence: { explanation: 'The customer stayed 7 nights.' },
      evidence_submitted_at: timestamp(clock.now()),
    });
  });

  it('cannot be submitted without an explanation, sent or drafted', async () => {
    const id = await openChargeback();
    const bare = await evidence(id, { evidence: { customer_communication: 'Checked in.' } });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatchObject({
      code: 'parameter_missing',
      param: 'evidence.explanation',
    });
    expect((await get(`/v1/chargebacks/${id}`)).body).toMatchObject({
      status: 'needs_response',
      evidence_submitted_at: null,
    });
    await evidence(id, { evidence: { explanation: 'Stayed as booked.' }, submit: false });
    const drafted = await evidence(id, { evidence: { customer_communication: 'Checked in.' } });
    expect(drafted.status).toBe(200);
    expect(drafted.body).toMatchObject({
      status: 'under_review',
      evidence: { explanation: 'Stayed as booked.', customer_communication: 'Checked in.' },
    });
  });

  it('saved as a draft is discarded when the chargeback is accepted', async () => {
    const id = await openChargeback();
    await evidence(id, {
      evidence: {
        explanation: 'Stayed as booked.',
        document_urls: ['https://agent.example.com/evidence/folio.pdf'],
      },
      submit: false,
    });
    const accepted = await post(`/v1/chargebacks/${id}/accept`);
    expect(accepted.body).toMatchObject({
      status: 'lost',
      evidence: { explanation: null, customer_communication: null, document_urls: [] },
      evidence_submitted_at: null,
    });
    expect((await get(`/v1/chargebacks/${id}`)).body.evidence).toEqual({
      explanation: null,
      customer_communication: null,
      document_urls: [],
    });
  });
});
