import {
  MAX_BYTES_PER_SANDBOX,
  MAX_IDEMPOTENCY_RECORDS,
  MAX_INBOX_DELIVERIES,
  MAX_OBJECTS_PER_SANDBOX,
  MAX_SANDBOXES,
  SANDBOX_IDLE_MS,
} from '../limits';
import { MAX_LOGGED_REQUESTS, MAX_REQUEST_LOG_BYTES } from '../request-log';
import type { StoreLimits } from './types';

/** The documented limits, which every store keeps unless a test asks for smaller ones. */
export const DEFAULT_STORE_LIMITS: StoreLimits = {
  maxSandboxes: MAX_SANDBOXES,
  maxObjects: MAX_OBJECTS_PER_SANDBOX,
  maxBytes: MAX_BYTES_PER_SANDBOX,
  idleMs: SANDBOX_IDLE_MS,
  maxDeliveries: MAX_INBOX_DELIVERIES,
  maxIdempotencyRecords: MAX_IDEMPOTENCY_RECORDS,
  maxLoggedRequests: MAX_LOGGED_REQUESTS,
  maxRequestLogBytes: MAX_REQUEST_LOG_BYTES,
};
