// Which failures are safe to retry unchanged, and how long to wait before the next attempt.

const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 8000;
const MAX_JITTER_MS = 250;
// A longer Retry-After is better left to the caller than spent blocked inside one call.
const MAX_RETRY_AFTER_MS = 60_000;

/** The failures the Errors page calls safe to retry: 408, 429, 5xx and a 409 still in progress. */
export function isRetryable(error) {
  const { status, code } = error;
  if (status === 409) return code === 'idempotency_request_in_progress';
  // The bank's daily limit on balance reads does not lift within a retry.
  if (status === 429) return code !== 'aisp_balance_read_limit_reached';
  return status === 408 || status >= 500;
}

/** Seconds or an HTTP date, as milliseconds from now; undefined when absent or unreadable. */
function retryAfterMs(header, now) {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long to wait before retry number `retry` (0 for the first): the server's Retry-After when
 * it sends one, otherwise exponential backoff from one second; both with jitter so that clients
 * limited together do not retry in the same instant. Null when the server asks for a longer wait.
 */
export function retryDelayMs(retry, retryAfterHeader, now = Date.now()) {
  const asked = retryAfterMs(retryAfterHeader, now);
  if (asked !== undefined) {
    return asked > MAX_RETRY_AFTER_MS ? null : asked + Math.random() * MAX_JITTER_MS;
  }
  const backoff = Math.min(FIRST_BACKOFF_MS * 2 ** retry, MAX_BACKOFF_MS);
  return backoff / 2 + (Math.random() * backoff) / 2;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
