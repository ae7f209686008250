import { SandboxError } from '../errors';
import { AISP_BALANCE_READS_PER_DAY } from '../limits';
import type { SandboxObject } from '../model';
import type { Machine, RequestContext } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the sandbox keeps when each account's balance was read: beside its objects, never shown. */
const READS_KIND = 'aisp_balance_reads';

/** The times an account's balance was read in the last day, in epoch milliseconds. */
type BalanceReads = { object: typeof READS_KIND; id: string; read_at: number[] };

/** Refuses an account another consent returned: its ID is valid only with that consent. */
function requireOwnConsent(balance: SandboxObject, context: RequestContext) {
  const consentId = context.params.id;
  if (balance.consent_id === consentId) return;
  throw new SandboxError(
    'resource_missing',
    `No such account under ${String(consentId)}: ${String(balance.account_id)} was returned by another consent. List this consent's accounts for their IDs.`,
    'account_id',
  );
}

/**
 * Counts a read of the balance without the holder present, refusing one beyond the bank's daily
 * limit with the seconds until the oldest read of the last day stops counting.
 */
async function countRead(balance: SandboxObject, context: RequestContext) {
  const id = String(balance.account_id);
  const found = (await context.objects.find(READS_KIND, id)) as unknown as BalanceReads | undefined;
  const recent = (found?.read_at ?? []).filter((at) => at > context.now - DAY_MS);
  if (recent.length >= AISP_BALANCE_READS_PER_DAY) {
    const retryAfter = Math.ceil((recent[0]! + DAY_MS - context.now) / 1000);
    throw new SandboxError(
      'aisp_balance_read_limit_reached',
      `The balance of ${id} was read ${AISP_BALANCE_READS_PER_DAY} times in the last 24 hours, the bank's limit without the account holder. Use the balance you stored, or read again after ${retryAfter} seconds.`,
      null,
      { 'Retry-After': String(retryAfter) },
    );
  }
  const reads: BalanceReads = { object: READS_KIND, id, read_at: [...recent, context.now] };
  await context.objects.save(reads as unknown as SandboxObject);
}

/** An account balance: read only under the consent that returned the account, a few times a day. */
export const aispBalanceMachine: Machine = {
  kind: 'aisp_balance',
  async read(balance, context) {
    requireOwnConsent(balance, context);
    await countRead(balance, context);
  },
};
