import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { SandboxEvents } from '@/lib/sandbox/events';
import { freshIds } from '@/lib/sandbox/ids';
import {
  AUTHENTICATION_WINDOW_MS,
  AUTHORISATION_HOLD_MS,
  TOKEN_LIFETIME_SECONDS,
} from '@/lib/sandbox/limits';
import { rowsFor } from '@/lib/sandbox/lifecycle';
import { machineOf } from '@/lib/sandbox/machines';
import type { Json, RequestContext } from '@/lib/sandbox/machines/types';
import { buildModel, type SandboxObject } from '@/lib/sandbox/model';
import { SandboxObjects } from '@/lib/sandbox/objects';
import { MemoryStore } from '@/lib/sandbox/store/memory';
import { runStory, tellStory } from '@/lib/sandbox/story';
import { timestamp } from '@/lib/sandbox/time';
import { createValidator } from '@/lib/sandbox/validation';

const document = loadDocument();
const model = buildModel(document);
const NOW = Date.parse('2026-06-01T12:00:00Z');
// A sandbox opened now, starting from the document's story.
const sandbox = {
  id: 's',
  expiresAt: NOW + TOKEN_LIFETIME_SECONDS * 1000,
  signingSecret: 'whsec_test',
  roles: model.roles,
};

beforeAll(async () => {
  tellStory(model, await runStory(model, createValidator(document)));
});
const newId = freshIds(model.prefixOfKind);
let store: MemoryStore;

beforeEach(async () => {
  store = new MemoryStore();
  await store.open(sandbox, 0);
});

function context(operationId: string, body: Json = {}, scenarioId?: string): RequestContext {
  return {
    model,
    sandbox,
    objects: new SandboxObjects(model, store, sandbox, NOW),
    events: new SandboxEvents(model, store, sandbox, newId),
    newId,
    operation: model.operations.get(operationId)!,
    params: {},
    query: {},
    body,
    scenario: model.scenarios.find((scenario) => scenario.id === scenarioId),
    now: NOW,
    request: null,
    schedule: async () => undefined,
  };
}

/** The code a request is refused with by its object's lifecycle, or none when a row allows it. */
function refusal(operationId: string, object: SandboxObject, request: string): string | undefined {
  try {
    rowsFor(context(operationId), object, request);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

/** A charge like the story's hotel deposit, in `status`. */
const charge = (status: string, amount = 12500): SandboxObject => ({
  ...structuredClone(model.seeds.get('charge')!.get('ch_9Rk2PcWe')!),
  id: 'ch_test',
  amount,
  amount_captured: status === 'succeeded' ? amount : 0,
  status,
  capture: true,
  capture_before: null,
  failure_code: null,
});

const newCharge = (body: Json = {}) => ({
  amount: 12500,
  currency: 'GBP',
  booking_id: 'bk_8Jd2kLq',
  tokenised_card_id: 'tc_4Nf8xPz',
  ...body,
});

describe('charge lifecycle', () => {
  const { capture } = machineOf('charge')!.actions!;

  it('captures a requires_capture charge, up to the authorised amount', async () => {
    const result = await capture!(
      charge('requires_capture'),
      context('captureCharge', { amount: 11000 }),
    );
    expect(result.object).toMatchObject({ status: 'succeeded', amount_captured: 11000 });
    expect(result.events).toEqual(['charge.succeeded']);
    await expect(
      capture!(charge('requires_capture'), context('captureCharge', { amount: 12501 })),
    ).rejects.toMatchObject({ code: 'amount_too_large' });
  });

  it.each(['succeeded', 'failed', 'pending', 'cancelled'])(
    'refuses to capture or cancel a %s charge',
    async (status) => {
      expect(refusal('captureCharge', charge(status), 'capture')).toBe('charge_not_capturable');
      expect(refusal('cancelCharge', charge(status), 'cancel')).toBe('charge_not_cancellable');
      expect(refusal('testHelperAuthenticateCharge', charge(status), 'authenticate')).toBe(
        'charge_not_awaiting_authentication',
      );
    },
  );

  it('declines as the test card scenario says, with the card and no money taken', async () => {
    const body = newCharge({ tokenised_card_id: 'tc_test_lost_card' });
    const result = await machineOf('charge')!.create!(
      charge('pending'),
      context('createCharge', body, 'saved-card-lost-card'),
    );
    expect(result.object).toMatchObject({
      status: 'failed',
      failure_code: 'lost_card',
      amount_captured: 0,
      card: { three_d_secure: { result: 'not_required' } },
    });
    expect(result.events).toEqual(['charge.failed']);
  });

  it('lets an authorisation lapse at capture_before, seven days on', async () => {
    const result = await machineOf('charge')!.create!(
      charge('pending'),
      context('createCharge', newCharge({ capture: false })),
    );
    const lapse = AUTHORISATION_HOLD_MS;
    expect(result.object.capture_before).toBe(timestamp(NOW + lapse));
    expect(result.later).toEqual({
      at: NOW + lapse,
      changes: { status: 'failed', failure_code: 'authorisation_expired', capture_before: null },
      events: ['charge.failed'],
      // Only while nothing is captured and the date has not moved.
      given: { amount_captured: 0, capture_before: timestamp(NOW + lapse) },
      // Time passing lapses it, not the request that authorised it.
      byTime: true,
    });
  });

  it('fails a charge waiting for 3-D Secure an hour on, as abandoned by the customer', async () => {
    const body = newCharge({
      tokenised_card_id: 'tc_test_authentication_required',
      off_session: false,
      return_url: 'https://agent.example.com/return',
    });
    const result = await machineOf('charge')!.create!(
      charge('pending'),
      context('createCharge', body, '3ds-challenge-required'),
    );
    expect(result.object.status).toBe('requires_action');
    expect(result.later).toMatchObject({
      at: NOW + AUTHENTICATION_WINDOW_MS,
      changes: {
        status: 'failed',
        failure_code: 'authentication_failed',
        next_action: null,
        card: { three_d_secure: { result: 'failed' } },
      },
      events: ['charge.failed'],
    });
  });
});

describe('refund lifecycle', () => {
  // More than is left is refused by the document's rule, before the machine (conformance test).
  it('starts pending and settles later', async () => {
    await context('createRefund').objects.save({
      ...charge('succeeded'),
      amount_refunded: 0,
      disputed: false,
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
  });
});

describe('disbursement and scheduled payment lifecycles', () => {
  it('cancel only while pending or scheduled', async () => {
    const { cancel: cancelPayout } = machineOf('disbursement')!.actions!;
    const payout = {
      id: 'dis_test',
      object: 'disbursement',
      status: 'pending',
      amount: 100,
      currency: 'GBP',
    };
    expect((await cancelPayout!(payout, context('cancelDisbursement'))).object.status).toBe(
      'cancelled',
    );
    expect(refusal('cancelDisbursement', { ...payout, status: 'paid' }, 'cancel')).toBe(
      'disbursement_not_cancellable',
    );
    const instalment = { id: 'sp_test', object: 'scheduled_payment', status: 'failed' };
    for (const request of ['cancel', 'attempt']) {
      expect(refusal('cancelScheduledPayment', instalment, request)).toBe(
        'scheduled_payment_not_scheduled',
      );
    }
  });
});
