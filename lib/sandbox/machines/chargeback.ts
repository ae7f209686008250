import { SandboxError } from '../errors';
import { timestamp } from '../synthesis';
import type { Machine, SandboxContext } from './types';

function requireAwaitingResponse(status: unknown) {
  if (status !== 'needs_response') {
    throw new SandboxError(
      'chargeback_not_awaiting_response',
      `The chargeback is ${String(status)}, no longer needs_response.`,
    );
  }
}

async function releaseCharge(chargeId: unknown, context: SandboxContext) {
  const charge = await context.objects.find('charge', String(chargeId));
  if (!charge) return;
  charge.disputed = false;
  await context.objects.save(charge);
}

/** Chargeback: opened needing a response, then evidence puts it under review, or accepting loses it. */
export const chargebackMachine: Machine = {
  kind: 'chargeback',
  spawned(chargeback, from) {
    // A chargeback opened on a charge marks it disputed until it closes.
    if (from.object === 'charge') from.disputed = true;
  },
  actions: {
    async evidence(chargeback, context) {
      requireAwaitingResponse(chargeback.status);
      const sent = (context.body.evidence ?? {}) as Record<string, unknown>;
      chargeback.evidence = { ...(chargeback.evidence as object), ...sent };
      if (context.body.submit === false) return { object: chargeback, events: [] };
      if (!(chargeback.evidence as Record<string, unknown>).explanation) {
        throw new SandboxError(
          'parameter_missing',
          'The evidence.explanation parameter is required to submit evidence.',
          'evidence.explanation',
        );
      }
      Object.assign(chargeback, {
        status: 'under_review',
        evidence_submitted_at: timestamp(context.now),
      });
      return { object: chargeback, events: ['chargeback.updated'] };
    },
    async accept(chargeback, context) {
      requireAwaitingResponse(chargeback.status);
      Object.assign(chargeback, { status: 'lost', closed_at: timestamp(context.now) });
      await releaseCharge(chargeback.charge_id, context);
      return { object: chargeback, events: ['chargeback.closed'] };
    },
  },
};
