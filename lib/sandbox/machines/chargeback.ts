import { SandboxError } from '../errors';
import { ASYNC_STEP_DELAY_MS, EVIDENCE_WINDOW_MS } from '../limits';
import { timestamp } from '../synthesis';
import { decide, splitEvents } from './outcome';
import type { Machine, SandboxContext } from './types';

async function releaseCharge(chargeId: unknown, context: SandboxContext) {
  const charge = await context.objects.find('charge', String(chargeId));
  if (!charge) return;
  charge.disputed = false;
  await context.objects.save(charge);
}

/** The reason a test card disputes with, named at the end of its ID (`tc_test_dispute_fraudulent`). */
function reasonOf(cardId: unknown, context: SandboxContext): string | undefined {
  const reasons = context.model.views.get('chargeback')?.properties.reason?.values ?? [];
  return reasons.map(({ value }) => value).find((reason) => String(cardId).endsWith(`_${reason}`));
}

/**
 * Chargeback: opened on a disputed charge needing a response; evidence puts it under review and
 * the sandbox's winning or losing evidence closes it seconds later; accepting loses it.
 */
export const chargebackMachine: Machine = {
  kind: 'chargeback',
  async spawned(chargeback, from, context) {
    if (from.object !== 'charge') return;
    // A chargeback opened on a charge marks it disputed until it closes.
    from.disputed = true;
    Object.assign(chargeback, {
      amount: from.amount_captured ?? from.amount,
      reason: reasonOf(from.tokenised_card_id, context) ?? chargeback.reason,
      evidence_due_by: timestamp(context.now + EVIDENCE_WINDOW_MS),
      evidence: { explanation: null, customer_communication: null, document_urls: [] },
      evidence_submitted_at: null,
      closed_at: null,
    });
    // Unanswered by the deadline, the chargeback is lost, unless evidence has put it under review.
    const dueBy = context.now + EVIDENCE_WINDOW_MS;
    await context.schedule(chargeback, {
      changes: { status: 'lost', closed_at: timestamp(dueBy) },
      events: ['chargeback.closed'],
      at: dueBy,
    });
  },
  async settle(chargeback, step, context) {
    if (step.changes.status === 'won' || step.changes.status === 'lost') {
      await releaseCharge(chargeback.charge_id, context);
    }
  },
  actions: {
    async evidence(chargeback, context) {
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
      // The issuer's review takes weeks; the sandbox's test evidence decides it in seconds.
      const outcome = decide(context, 'chargeback', {
        status: 'under_review',
        failureCode: null,
        events: ['chargeback.updated'],
      });
      const [now, later] = splitEvents(outcome.events, (type) => type === 'chargeback.updated');
      if (outcome.status === 'under_review') return { object: chargeback, events: now };
      const closedAt = timestamp(context.now + ASYNC_STEP_DELAY_MS);
      return {
        object: chargeback,
        events: now,
        later: { changes: { status: outcome.status, closed_at: closedAt }, events: later },
      };
    },
    async accept(chargeback, context) {
      Object.assign(chargeback, { status: 'lost', closed_at: timestamp(context.now) });
      await releaseCharge(chargeback.charge_id, context);
      return { object: chargeback, events: ['chargeback.closed'] };
    },
  },
};
