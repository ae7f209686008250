import { SandboxError } from '../errors';
import { ASYNC_STEP_DELAY_MS } from '../limits';
import type { SandboxObject } from '../model';
import { moveBalance, takeAvailable } from '../money/balance';
import { scenariosWith } from '../scenarios';
import { timestamp } from '../time';
import { refuseIfScenarioErrs } from '../transitions/outcome';
import type { LaterStep, Machine, RequestContext, SandboxContext } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The time of day, UTC, when payouts leave Kestrel Pay on a business day (documented). */
const CUT_OFF_HOUR = 13;
/** Business days from the cut-off to arrival, by the currency's payment scheme (documented). */
const ARRIVAL_BUSINESS_DAYS: Record<string, number> = { GBP: 0, EUR: 1, USD: 2 };
const OTHER_ARRIVAL_BUSINESS_DAYS = 2;

const isBusinessDay = (time: number) => ![0, 6].includes(new Date(time).getUTCDay());

/** The first business day at or after `time`, at the same time of day. */
function businessDayFrom(time: number): number {
  let day = time;
  while (!isBusinessDay(day)) day += DAY_MS;
  return day;
}

/** The next cut-off: today's at 13:00 UTC if it is a business day not yet past it, else the next. */
export function nextCutOff(now: number): number {
  const today = new Date(now);
  const cutOff = Date.UTC(
    today.getUTCFullYear(),
    today.getUTCMonth(),
    today.getUTCDate(),
    CUT_OFF_HOUR,
  );
  return businessDayFrom(cutOff > now ? cutOff : cutOff + DAY_MS);
}

/** The date funds reach the bank: so many business days after the cut-off's. */
function arrivalDate(cutOff: number, currency: string): string {
  let day = cutOff;
  for (
    let left = ARRIVAL_BUSINESS_DAYS[currency] ?? OTHER_ARRIVAL_BUSINESS_DAYS;
    left > 0;
    left--
  ) {
    day = businessDayFrom(day + DAY_MS);
  }
  return timestamp(day).slice(0, 10);
}

/** The verified default bank account of a currency, which every payout in it goes to. */
async function payoutAccount(context: RequestContext, currency: string): Promise<SandboxObject> {
  const accounts = await context.objects.all('bank_account');
  const account = accounts.find(
    (candidate) =>
      candidate.currency === currency &&
      candidate.default_for_currency === true &&
      candidate.status === 'verified',
  );
  if (!account) {
    throw new SandboxError(
      'payout_account_missing',
      `There is no verified default bank account for ${currency} to pay out to.`,
      'currency',
    );
  }
  return account;
}

/** The test scenario of a payout's amount that ends it at the bank with `status` (Testing), if any. */
function bankScenario(
  context: SandboxContext,
  payout: SandboxObject,
  status: 'failed' | 'returned',
) {
  return scenariosWith(context.model.scenarios, 'amount', payout.amount).find(
    ({ operation, outcome }) => operation === 'createPayout' && outcome.status === status,
  );
}

/** What the bank does with a payout in transit at `at`: refuses the refusing test amount, else accepts it. */
function bankAnswer(context: SandboxContext, payout: SandboxObject, at: number): LaterStep {
  const refused = bankScenario(context, payout, 'failed');
  return refused
    ? {
        at,
        changes: { status: 'failed', failure_code: refused.outcome.failure_code ?? null },
        events: ['payout.failed'],
      }
    : { at, changes: { status: 'paid', paid_at: timestamp(at) }, events: ['payout.paid'] };
}

/**
 * Payout: its amount leaves the available balance and `payout.created` is sent; it is cancellable
 * while pending, leaves at its cut-off (brought forward to seconds in the sandbox, but for the
 * held test amount) as
 * `in_transit`, then the bank accepts it, refuses it or, for the returning test amount, sends it
 * back after accepting it. A refused or returned payout's amount is back in the balance.
 */
/** Puts back in the balance what a failed, returned or cancelled payout took, with its payout. */
const giveBack = (context: SandboxContext, payout: SandboxObject, status: string) =>
  moveBalance(context, String(payout.currency), 'available', Number(payout.amount), {
    type: 'payout',
    source: String(payout.bank_account_id),
    payout: String(payout.id),
    description: `Payout ${String(payout.id)} ${status}`,
  });

export const payoutMachine: Machine = {
  kind: 'payout',
  async create(payout, context) {
    refuseIfScenarioErrs(context);
    const currency = String(context.body.currency);
    const account = await payoutAccount(context, currency);
    await takeAvailable(context, Number(payout.amount), currency, {
      type: 'payout',
      source: String(account.id),
      payout: String(payout.id),
      description: `Payout to ${String(account.bank_name)} account ending ${String(account.last4)}`,
    });
    const cutOff = nextCutOff(context.now);
    // The held test amount waits for the real cut-off; any other leaves seconds later.
    const held = context.scenario?.outcome.status === 'pending';
    Object.assign(payout, {
      bank_account_id: account.id,
      method: 'manual',
      status: 'pending',
      cut_off_at: timestamp(cutOff),
      expected_arrival_date: arrivalDate(cutOff, currency),
      paid_at: null,
      failure_code: null,
      returned_at: null,
    });
    return {
      object: payout,
      events: ['payout.created'],
      later: {
        at: held ? cutOff : context.now + ASYNC_STEP_DELAY_MS,
        changes: { status: 'in_transit' },
        events: [],
      },
    };
  },
  async settle(payout, step, context) {
    const status = step.changes.status;
    const at = context.now + ASYNC_STEP_DELAY_MS;
    if (status === 'in_transit') {
      await context.schedule(payout, bankAnswer(context, payout, at));
      return;
    }
    if (status === 'failed' || status === 'returned') await giveBack(context, payout, status);
    const returning = status === 'paid' ? bankScenario(context, payout, 'returned') : undefined;
    if (!returning) return;
    await context.schedule(payout, {
      at,
      changes: {
        status: 'returned',
        returned_at: timestamp(at),
        failure_code: returning.outcome.failure_code ?? null,
      },
      events: ['payout.returned'],
    });
  },
  actions: {
    async cancel(payout, context) {
      payout.status = 'cancelled';
      await giveBack(context, payout, 'cancelled');
      return { object: payout, events: [] };
    },
  },
};
