import {
  MAX_BYTES_PER_SANDBOX,
  MAX_INBOX_DELIVERIES,
  MAX_OBJECTS_PER_SANDBOX,
  MAX_SANDBOXES,
  MAX_SANDBOXES_PER_CLIENT,
  SANDBOX_EVICTABLE_AFTER_MS,
  SANDBOX_IDLE_MS,
} from '../limits';
import { MAX_LOGGED_REQUESTS, MAX_REQUEST_LOG_BYTES } from '../request-log';
import type { StoreLimits } from './types';

/**
 * The sandboxes one client may hold where it may request `tokensPerMinute` tokens: a minute's
 * worth, so a deployment that lifts the token limit for its one trusted client lifts this too.
 */
export const sandboxesPerClient = (tokensPerMinute: number) =>
  Math.min(tokensPerMinute, MAX_SANDBOXES);

/** The documented limits, which every store keeps unless a test asks for smaller ones. */
export const DEFAULT_STORE_LIMITS: StoreLimits = {
  maxSandboxes: MAX_SANDBOXES,
  maxSandboxesPerClient: MAX_SANDBOXES_PER_CLIENT,
  evictableAfterMs: SANDBOX_EVICTABLE_AFTER_MS,
  maxObjects: MAX_OBJECTS_PER_SANDBOX,
  maxBytes: MAX_BYTES_PER_SANDBOX,
  idleMs: SANDBOX_IDLE_MS,
  maxDeliveries: MAX_INBOX_DELIVERIES,
  maxLoggedRequests: MAX_LOGGED_REQUESTS,
  maxRequestLogBytes: MAX_REQUEST_LOG_BYTES,
};
