// Whether an API error is worth retrying and how, as the Errors page's "Retrying safely" says.
import type { ErrorCodeEntry } from '@/lib/openapi/operations';

const RETRY_PAGE = '/errors#retrying-safely';

/** The Errors page's advice for one code: retry unchanged, after a step, or fix the request. */
export function retryAdvice({ code, status, type }: ErrorCodeEntry) {
  const advice = (retry: 'yes' | 'after a step' | 'no', how: string) => ({
    retry,
    how,
    see: RETRY_PAGE,
  });
  if (code === 'token_expired') {
    return advice(
      'after a step',
      'Request a new token at POST /v1/auth/token, then retry the request once.',
    );
  }
  if (code === 'aisp_balance_read_limit_reached') {
    return advice(
      'after a step',
      'Use the balance you stored, or read again only after Retry-After seconds.',
    );
  }
  if (status === 429 || status === 503 || code === 'idempotency_request_in_progress') {
    return advice(
      'yes',
      'Wait the seconds in the Retry-After header, then retry with the same Idempotency-Key and body.',
    );
  }
  if (status === 408 || status >= 500) {
    return advice(
      'yes',
      'Retry with the same Idempotency-Key and body, with exponential backoff and jitter from about one second.',
    );
  }
  if (type === 'conflict_error') {
    return advice(
      'no',
      'The object has moved on: retrieve it and decide again. A retry with the same key replays this error.',
    );
  }
  return advice(
    'no',
    'The same request fails again: fix what the message and param name, and send it with a new Idempotency-Key.',
  );
}
