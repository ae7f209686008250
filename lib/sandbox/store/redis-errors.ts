import { ErrorReply } from 'redis';
import { FULL_PREFIX } from './redis-scripts';
import { SandboxFullError, StoreUnavailableError } from './types';

/** What a failed Redis call means to a request: a full sandbox, a store that is down, or a bug. */
export function storeErrorOf(caught: unknown): unknown {
  if (caught instanceof SandboxFullError || caught instanceof StoreUnavailableError) return caught;
  if (caught instanceof ErrorReply) {
    const at = caught.message.indexOf(FULL_PREFIX);
    if (at < 0) return caught;
    // Redis may append where in the script the refusal was raised.
    const message = caught.message.slice(at + FULL_PREFIX.length).split(' script: ')[0]!;
    return new SandboxFullError(message.trim());
  }
  const reason = caught instanceof Error ? caught.message : String(caught);
  return new StoreUnavailableError(`The sandbox's Redis store did not answer: ${reason}`);
}

/** Runs a Redis call, translating its failure with `storeErrorOf`. */
export async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (caught) {
    throw storeErrorOf(caught);
  }
}
