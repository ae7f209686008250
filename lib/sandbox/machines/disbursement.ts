import { SandboxError } from '../errors';
import { ASYNC_STEP_DELAY_MS } from '../limits';
import { timestamp } from '../synthesis';
import { balanceOf, moveBalance } from './balance';
import { decide, refuseIfScenarioErrs } from './outcome';
import type { Machine, RequestContext } from './types';

async function requireVerifiedRecipient(context: RequestContext) {
  for (const field of ['supplier_id', 'beneficiary_id']) {
    const id = context.body[field];
    if (typeof id !== 'string') continue;
    const recipient = await context.objects.findById(id);
    if (recipient && recipient.status !== 'verified') {
      throw new SandboxError(
        'recipient_not_verified',
        `The recipient ${id} is ${String(recipient.status)}, not verified.`,
        field,
      );
    }
  }
}

/** Takes the payout from the available balance, or refuses it when the balance cannot cover it. */
async function takeFromBalance(context: RequestContext, amount: number, currency: string) {
  const available = await balanceOf(context, currency, 'available');
  if (available < amount) {
    throw new SandboxError(
      'insufficient_balance',
      `The available ${currency} balance is ${available}, less than ${amount}.`,
      'amount',
    );
  }
  await moveBalance(context, currency, 'available', -amount);
}

/**
 * Disbursement: taken from the available balance and `pending`, then `paid` or `failed` (the
 * amount back in the balance) after the asynchronous delay; cancellable while pending.
 */
export const disbursementMachine: Machine = {
  kind: 'disbursement',
  async create(disbursement, context) {
    refuseIfScenarioErrs(context);
    await requireVerifiedRecipient(context);
    await takeFromBalance(context, Number(disbursement.amount), String(disbursement.currency));
    Object.assign(disbursement, { status: 'pending', failure_code: null, paid_at: null });
    const outcome = decide(context, 'disbursement', {
      status: 'paid',
      failureCode: null,
      events: ['disbursement.paid'],
    });
    const changes: Record<string, unknown> = {
      status: outcome.status,
      failure_code: outcome.failureCode,
    };
    if (outcome.status === 'paid') changes.paid_at = timestamp(context.now + ASYNC_STEP_DELAY_MS);
    return { object: disbursement, events: [], later: { changes, events: outcome.events } };
  },
  async settle(disbursement, step, context) {
    if (step.changes.status !== 'failed') return;
    await moveBalance(
      context,
      String(disbursement.currency),
      'available',
      Number(disbursement.amount),
    );
  },
  actions: {
    async cancel(disbursement, context) {
      Object.assign(disbursement, { status: 'cancelled', expected_arrival_date: null });
      await moveBalance(
        context,
        String(disbursement.currency),
        'available',
        Number(disbursement.amount),
      );
      return { object: disbursement, events: ['disbursement.cancelled'] };
    },
  },
};
