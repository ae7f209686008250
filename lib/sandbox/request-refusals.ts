// The refusals a request earns outside any operation: a limit it ran into, a full or unavailable
// store, a body that never arrived, or a failure nobody foresaw.
import { BodyAbortedError } from '@/lib/http/body';
import { SandboxError } from './errors';
import { SandboxFullError, StoreUnavailableError } from './store/types';

/** Seconds a client waits before retrying while the shared store is down. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/** The refusal of a request beyond a limit, with when to retry. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new SandboxError('rate_limit_exceeded', message, null, {
    'Retry-After': String(retryAfterSeconds),
  });

/** The documented refusal for whatever a request ran into; anything unforeseen is a logged 500. */
export function refusalOf(caught: unknown, id: string): SandboxError {
  if (caught instanceof SandboxError) return caught;
  if (caught instanceof SandboxFullError) {
    return new SandboxError(
      'sandbox_full',
      `${caught.message} Request a new access token for a fresh sandbox.`,
    );
  }
  // The store's connection logs the outage once, not each request it refuses.
  if (caught instanceof StoreUnavailableError) {
    return new SandboxError(
      'service_unavailable',
      `The sandbox is briefly unavailable. Retry after ${UNAVAILABLE_RETRY_SECONDS} seconds with the same Idempotency-Key.`,
      null,
      { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) },
    );
  }
  if (caught instanceof BodyAbortedError) {
    // Nobody is left to answer, and nothing failed here: a notice, not a stack.
    console.warn(`Sandbox request ${id}: ${caught.message}`);
    return new SandboxError('parameter_invalid', caught.message);
  }
  console.error(`Sandbox request ${id} failed:`, caught);
  return new SandboxError(
    'internal_error',
    'An unexpected error occurred. Retry with the same Idempotency-Key.',
  );
}
