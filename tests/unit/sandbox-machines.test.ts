import { beforeEach, describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { SandboxEvents } from '@/lib/sandbox/events';
import { machineOf } from '@/lib/sandbox/machines';
import type { Json, LaterStep, RequestContext } from '@/lib/sandbox/machines/types';
import { buildModel, type SandboxObject } from '@/lib/sandbox/model';
import { SandboxObjects } from '@/lib/sandbox/objects';
import { MemoryStore } from '@/lib/sandbox/store/memory';

const model = buildModel(loadDocument());
const sandbox = { id: 's', expiresAt: Number.MAX_SAFE_INTEGER, signingSecret: 'whsec_test' };
let store: MemoryStore;
let scheduled: LaterStep[];

beforeEach(async () => {
  store = new MemoryStore();
  await store.open(sandbox, 0);
  scheduled = [];
});

function context(operationId: string, body: Json = {}): RequestContext {
  return {
    model,
    sandbox,
    objects: new SandboxObjects(model, store, sandbox.id),
    events: new SandboxEvents(model, store, sandbox),
    operation: model.operations.get(operationId)!,
    params: {},
    query: {},
    body,
    now: Date.parse('2026-06-01T12:00:00Z'),
    schedule: async (_object, step) => void scheduled.push(step),
  };
}

const charge = (status: string, amount = 12500): SandboxObject => ({
  id: 'ch_test',
  object: 'charge',
  amount,
  amount_captured: status === 'succeeded' ? amount : 0,
  status,
  booking_id: 'bk_8Jd2kLq',
  capture_before: null,
});

describe('charge lifecycle', () => {
  const { capture, cancel } = machineOf('charge')!.actions!;

  it('captures a requires_capture charge, up to the authorised amount', async () => {
    const result = await capture!(
      charge('requires_capture'),
      context('captureCharge', { amount: 11000 }),
    );
    expect(result.object).toMatchObject({ status: 'succeeded', amount_captured: 11000 });
    expect(result.events).toEqual(['charge.succeeded']);
    await expect(
      capture!(charge('requires_capture'), context('captureCharge', { amount: 12501 })),
    ).rejects.toMatchObject({
      code: 'amount_too_large',
    });
  });

  it.each(['succeeded', 'failed', 'pending'])(
    'refuses to capture or cancel a %s charge',
    async (status) => {
      await expect(capture!(charge(status), context('captureCharge'))).rejects.toMatchObject({
        code: 'charge_not_capturable',
      });
      await expect(cancel!(charge(status), context('captureCharge'))).rejects.toMatchObject({
        code: 'charge_not_capturable',
      });
    },
  );

  it('declines a new charge as the triggered scenario says', async () => {
    const scenario = {
      id: 'declined',
      group: 'Saved cards',
      title: 'Declined',
      operation: 'createCharge',
      trigger: { field: 'payment_method', value: 'tc_4Nf8xPz' },
      outcome: { status: 'failed', failure_code: 'card_declined', events: ['charge.failed'] },
    };
    const body = {
      amount: 12500,
      currency: 'GBP',
      booking_id: 'bk_8Jd2kLq',
      payment_method: 'tc_4Nf8xPz',
    };
    const result = await machineOf('charge')!.create!(
      { ...charge('pending'), currency: 'GBP', failure_code: null },
      { ...context('createCharge', body), scenario },
    );
    expect(result.object).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined',
      amount_captured: 0,
    });
    expect(result.events).toEqual(['charge.failed']);
  });
});

describe('refund lifecycle', () => {
  it('starts pending and settles later; refuses more than is left', async () => {
    await context('createRefund').objects.save({
      ...charge('succeeded'),
      amount_refunded: 0,
      disputed: false,
      currency: 'GBP',
    });
    const refund: SandboxObject = { id: 're_test', object: 'refund', status: 'pending' };
    const result = await machineOf('refund')!.create!(
      refund,
      context('createRefund', { charge_id: 'ch_test', amount: 5000 }),
    );
    expect(result).toMatchObject({
      object: { status: 'pending', amount: 5000 },
      events: ['refund.created'],
    });
    expect(result.later).toEqual({
      changes: { status: 'succeeded', failure_code: null },
      events: ['refund.succeeded'],
    });
    const tooMuch = machineOf('refund')!.create!(
      { ...refund },
      context('createRefund', { charge_id: 'ch_test', amount: 7501 }),
    );
    await expect(tooMuch).rejects.toMatchObject({ code: 'amount_too_large', param: 'amount' });
  });
});

describe('disbursement and scheduled payment lifecycles', () => {
  it('cancel only while pending or scheduled', async () => {
    const { cancel: cancelPayout } = machineOf('disbursement')!.actions!;
    const payout = { id: 'dis_test', object: 'disbursement', status: 'pending' };
    expect((await cancelPayout!(payout, context('cancelDisbursement'))).object.status).toBe(
      'cancelled',
    );
    await expect(
      cancelPayout!({ ...payout, status: 'paid' }, context('cancelDisbursement')),
    ).rejects.toMatchObject({
      code: 'disbursement_not_cancellable',
    });
    const { cancel: cancelInstalment } = machineOf('scheduled_payment')!.actions!;
    const instalment = { id: 'sp_test', object: 'scheduled_payment', status: 'failed' };
    await expect(
      cancelInstalment!(instalment, context('cancelScheduledPayment')),
    ).rejects.toMatchObject({
      code: 'scheduled_payment_not_scheduled',
    });
  });
});
