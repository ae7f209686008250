import { SandboxError } from '../errors';
import { ARBITRATION_FEE_AMOUNT, ASYNC_STEP_DELAY_MS, CHARGEBACK_FEE_AMOUNT } from '../limits';
import type { SandboxObject } from '../model';
import { debitChargeback, returnChargeback, takeFee } from '../money/chargeback-funds';
import {
  deadline,
  decision,
  escalation,
  extension,
  stageDeadline,
} from '../payments/chargeback-steps';
import { disputedAmount, extendsDeadline, opensInquiry, reasonOf } from '../payments/dispute-cards';
import { timestamp } from '../time';
import { decide } from '../transitions/outcome';
import type { LaterStep, Machine, RequestContext, SandboxContext } from './types';

/** The evidence of a case nobody has answered: every field empty. */
const noEvidence = () => ({ explanation: null, customer_communication: null, document_urls: [] });

async function releaseCharge(chargeId: unknown, context: SandboxContext) {
  const charge = await context.objects.find('charge', String(chargeId));
  if (!charge) return;
  charge.disputed = false;
  await context.objects.save(charge);
}

/** Debits the disputed amount and the dispute fee, as a case opens as, or becomes, a chargeback. */
const debit = (chargeback: SandboxObject, context: SandboxContext) =>
  debitChargeback(context, chargeback, {
    amount: Number(chargeback.amount),
    fee: Number(chargeback.fee_amount ?? 0),
    currency: String(chargeback.currency),
  });

/**
 * The balance moves of a step, when it applies: an inquiry becoming a chargeback is debited, a win
 * after the inquiry stage returns the disputed amount (never the fee), and a lost arbitration
 * debits the scheme's fee.
 */
async function moveFundsFor(chargeback: SandboxObject, step: LaterStep, context: SandboxContext) {
  const currency = String(chargeback.currency);
  if (step.changes.stage === 'chargeback') await debit(chargeback, context);
  if (step.changes.status === 'won' && chargeback.stage !== 'inquiry') {
    await returnChargeback(context, chargeback);
  }
  if (step.changes.status === 'lost' && chargeback.stage === 'arbitration') {
    await takeFee(context, ARBITRATION_FEE_AMOUNT, currency, chargeback);
  }
}

/**
 * What follows evidence that declines pre-arbitration: the issuer takes the case to the card
 * scheme seconds later, and the scheme decides seconds after that, as the test evidence says.
 */
async function arbitration(
  chargeback: SandboxObject,
  outcome: string,
  context: RequestContext,
): Promise<LaterStep | undefined> {
  const filedAt = context.now + ASYNC_STEP_DELAY_MS;
  // Queued before the decision, so that the scheme has the case when it decides.
  await context.schedule(chargeback, {
    at: filedAt,
    changes: { stage: 'arbitration' },
    events: ['chargeback.escalated'],
  });
  if (outcome === 'under_review') return undefined;
  const decided = decision(outcome, filedAt + ASYNC_STEP_DELAY_MS);
  // The scheme charges its fee to the loser; when you win, the issuer pays it.
  const fee =
    decided.changes.status === 'lost'
      ? { fee_amount: Number(chargeback.fee_amount ?? 0) + ARBITRATION_FEE_AMOUNT }
      : {};
  return { ...decided, changes: { ...decided.changes, ...fee }, given: { stage: 'arbitration' } };
}

/**
 * What the issuer does with submitted evidence, as the sandbox's test evidence says: decides for
 * you or for the cardholder (an inquiry it is not satisfied with becomes a chargeback instead),
 * escalates, or keeps reviewing. Evidence at pre-arbitration declines it, and the case goes on to
 * the scheme's arbitration.
 */
async function review(
  chargeback: SandboxObject,
  context: RequestContext,
): Promise<{ events: string[]; later?: LaterStep }> {
  const { status } = decide(context, 'chargeback', {
    status: 'under_review',
    failureCode: null,
    events: [],
  });
  const events = ['chargeback.updated'];
  if (chargeback.stage === 'pre_arbitration') {
    return { events, later: await arbitration(chargeback, status, context) };
  }
  if (status === 'under_review') return { events };
  const at = context.now + ASYNC_STEP_DELAY_MS;
  const escalates =
    status === 'needs_response' || (chargeback.stage === 'inquiry' && status === 'lost');
  if (escalates) return { events, later: escalation(chargeback, at) };
  return { events, later: decision(status, at) };
}

/**
 * Chargeback: opened on a disputed charge needing a response, as an inquiry or a chargeback;
 * evidence puts it under review, and the sandbox's test evidence closes or escalates it seconds
 * later. Accepting loses it, discarding any draft; the issuer may move the deadline, and a
 * deadline passing makes an inquiry a chargeback and loses any later stage.
 */
export const chargebackMachine: Machine = {
  kind: 'chargeback',
  async spawned(chargeback, from, context) {
    if (from.object !== 'charge') return;
    // A chargeback opened on a charge marks it disputed until it closes.
    from.disputed = true;
    if (from.fraud_warning)
      from.fraud_warning = { ...(from.fraud_warning as object), actionable: false };
    const inquiry = opensInquiry(from.tokenised_card_id);
    Object.assign(chargeback, {
      amount: disputedAmount(from),
      reason: reasonOf(from.tokenised_card_id, context) ?? chargeback.reason,
      stage: inquiry ? 'inquiry' : 'chargeback',
      fee_amount: inquiry ? 0 : CHARGEBACK_FEE_AMOUNT,
      evidence: noEvidence(),
      metadata: {},
      evidence_submitted_at: null,
      closed_at: null,
    });
    // Only an inquiry leaves the balance alone until it becomes a chargeback.
    if (!inquiry) await debit(chargeback, context);
    await context.schedule(chargeback, stageDeadline(chargeback, context.now));
    if (extendsDeadline(from.tokenised_card_id)) {
      await context.schedule(chargeback, extension(chargeback, context.now));
    }
  },
  async settle(chargeback, step, context) {
    await moveFundsFor(chargeback, step, context);
    if (step.changes.status === 'won' || step.changes.status === 'lost') {
      await releaseCharge(chargeback.charge_id, context);
    }
    // A new stage that needs a response starts its own deadline; a moved deadline replaces it.
    if (step.changes.stage && step.changes.status === 'needs_response') {
      await context.schedule(chargeback, stageDeadline(chargeback, context.now));
    } else if (step.changes.evidence_due_by) {
      const dueBy = Date.parse(String(step.changes.evidence_due_by));
      await context.schedule(chargeback, deadline(chargeback, dueBy));
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
      return { object: chargeback, ...(await review(chargeback, context)) };
    },
    async accept(chargeback, context) {
      // An accepted inquiry took nothing: its fee stays 0 and its charge is refundable again.
      // Conceding sends no evidence, so a saved draft is discarded.
      Object.assign(chargeback, {
        status: 'lost',
        closed_at: timestamp(context.now),
        evidence: noEvidence(),
      });
      await releaseCharge(chargeback.charge_id, context);
      return { object: chargeback, events: ['chargeback.closed'] };
    },
  },
};
