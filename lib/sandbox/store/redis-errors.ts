import { ErrorReply } from 'redis';
import { LEASE_LOST_PREFIX } from './redis-journal';
import { FULL_PREFIX } from './redis-scripts';
import { SandboxFullError, StoreUnavailableError } from './types';

/**
 * Longest a Redis command may go unanswered before the request is refused as unavailable, so a
 * hung Redis answers 503 within 2 s. The client's own timeout stops once a command is written.
 */
export const COMMAND_DEADLINE_MS = 1500;

/** Per connection, the command that passed its deadline: until it is answered, calls fail at once. */
const stalled = new WeakMap<object, Promise<unknown>>();

/** What a failed Redis call means to a request: a full sandbox, a store that is down, or a bug. */
export function storeErrorOf(caught: unknown): unknown {
  if (caught instanceof SandboxFullError || caught instanceof StoreUnavailableError) return caught;
  if (caught instanceof ErrorReply) {
    if (caught.message.includes(LEASE_LOST_PREFIX)) {
      return new StoreUnavailableError('Another instance took over the sandbox mid-request.');
    }
    const at = caught.message.indexOf(FULL_PREFIX);
    if (at < 0) return caught;
    // Redis may append where in the script the refusal was raised.
    const message = caught.message.slice(at + FULL_PREFIX.length).split(' script: ')[0]!;
    return new SandboxFullError(message.trim());
  }
  const reason = caught instanceof Error ? caught.message : String(caught);
  return new StoreUnavailableError(`The sandbox's Redis store did not answer: ${reason}`);
}

/** Marks `connection` stalled until `pending` settles. */
function stall(connection: object, pending: Promise<unknown>) {
  stalled.set(connection, pending);
  const clear = () => void (stalled.get(connection) === pending && stalled.delete(connection));
  pending.then(clear, clear);
}

/**
 * Runs a call on `connection` within the deadline, translating its failure with `storeErrorOf`;
 * while an earlier call is past its deadline, refuses at once rather than queue behind it.
 */
export async function guarded<T>(connection: object, call: () => Promise<T>): Promise<T> {
  if (stalled.has(connection)) {
    throw new StoreUnavailableError('Redis has not answered an earlier command yet.');
  }
  let timer: NodeJS.Timeout | undefined;
  const pending = call();
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      stall(connection, pending);
      reject(new StoreUnavailableError(`Redis did not answer within ${COMMAND_DEADLINE_MS} ms.`));
    }, COMMAND_DEADLINE_MS);
  });
  try {
    return await Promise.race([pending, deadline]);
  } catch (caught) {
    throw storeErrorOf(caught);
  } finally {
    clearTimeout(timer);
  }
}
