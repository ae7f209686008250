// The steps a chargeback takes without a request: the issuer escalating or deciding it, its
// response deadline passing, and the deadline the issuer moves.
import { CHARGEBACK_FEE_AMOUNT, EVIDENCE_WINDOW_MS } from '../limits';
import type { LaterStep } from '../machines/types';
import type { SandboxObject } from '../model';
import { timestamp } from '../time';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The next stage the issuer takes the case to at `at`: an inquiry becomes a chargeback, with its
 * fee taken; a chargeback goes to pre-arbitration. Each needs a response.
 */
export function escalation(chargeback: SandboxObject, at: number): LaterStep {
  const stage = chargeback.stage === 'inquiry' ? 'chargeback' : 'pre_arbitration';
  return {
    at,
    changes: {
      stage,
      status: 'needs_response',
      ...(stage === 'chargeback' ? { fee_amount: CHARGEBACK_FEE_AMOUNT } : {}),
    },
    events: ['chargeback.escalated'],
  };
}

/** The decision that closes the case at `at`, for you or for the cardholder. */
export function decision(outcome: string, at: number): LaterStep {
  return {
    at,
    changes: { status: outcome === 'won' ? 'won' : 'lost', closed_at: timestamp(at) },
    events: ['chargeback.closed'],
  };
}

/**
 * The response deadline `dueBy`: as card schemes treat silence, an unanswered inquiry becomes a
 * chargeback, and a later stage is lost.
 */
export function deadline(chargeback: SandboxObject, dueBy: number): LaterStep {
  const lapse =
    chargeback.stage === 'inquiry' ? escalation(chargeback, dueBy) : decision('lost', dueBy);
  chargeback.evidence_due_by = timestamp(dueBy);
  // A later stage's deadline, or a moved one, replaces this one.
  return { ...lapse, given: { evidence_due_by: chargeback.evidence_due_by }, byTime: true };
}

/** The deadline of a stage begun at `at`, the documented seven days on. */
export const stageDeadline = (chargeback: SandboxObject, at: number) =>
  deadline(chargeback, at + EVIDENCE_WINDOW_MS);

/**
 * What the issuer of a test card that gives more time does to a case opened at `openedAt`: a day
 * later, while the case still needs a response at its stage, `evidence_due_by` moves seven days on.
 */
export function extension(chargeback: SandboxObject, openedAt: number): LaterStep {
  const dueBy = Date.parse(String(chargeback.evidence_due_by));
  return {
    at: openedAt + DAY_MS,
    changes: { evidence_due_by: timestamp(dueBy + EVIDENCE_WINDOW_MS) },
    events: ['chargeback.updated'],
    given: { evidence_due_by: chargeback.evidence_due_by, stage: chargeback.stage },
    byTime: true,
  };
}
