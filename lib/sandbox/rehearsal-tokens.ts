import { SandboxError } from './errors';

/**
 * Tokens that always answer one documented refusal, so an integration can rehearse handling it
 * without waiting an hour or flooding the sandbox (Testing page, "Errors to rehearse").
 */
export const REHEARSAL_TOKENS = {
  expired: 'kp_at_test_token_expired',
  rateLimited: 'kp_at_test_rate_limited',
} as const;

/** How long the rate-limited token tells a client to wait, as a real limit does. */
const REHEARSED_RETRY_AFTER_SECONDS = 1;

/** Throws the refusal a rehearsal token stands for; nothing for any other token. */
export function refuseRehearsalToken(token: string) {
  if (token === REHEARSAL_TOKENS.expired) {
    throw new SandboxError(
      'token_expired',
      'The access token has expired. Request a new one at POST /v1/auth/token.',
    );
  }
  if (token === REHEARSAL_TOKENS.rateLimited) {
    throw new SandboxError(
      'rate_limit_exceeded',
      `Too many requests. Retry after ${REHEARSED_RETRY_AFTER_SECONDS} seconds.`,
      null,
      {
        'Retry-After': String(REHEARSED_RETRY_AFTER_SECONDS),
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': String(REHEARSED_RETRY_AFTER_SECONDS),
      },
    );
  }
}
