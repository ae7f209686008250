import { createHash } from 'node:crypto';
import { SandboxError } from './errors';
import { IDEMPOTENCY_KEY_TTL_MS } from './limits';
import type { IdempotencyRecord } from './store/types';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** What makes two requests the same: the operation, its path and its body, whatever the key order. */
export function fingerprint(operationId: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([operationId, path, canonical(body ?? null)]))
    .digest('hex');
}

/**
 * The documented idempotency: the stored answer for the same key and request, a conflict for
 * the same key and another request, nothing when the key is new or older than 24 hours.
 */
export function replayOf(
  record: IdempotencyRecord | undefined,
  requestFingerprint: string,
  now: number,
): IdempotencyRecord | undefined {
  if (!record || now - record.storedAt > IDEMPOTENCY_KEY_TTL_MS) return undefined;
  if (record.fingerprint !== requestFingerprint) {
    throw new SandboxError(
      'idempotency_key_reused',
      'This Idempotency-Key was used with a different request body. Generate a new key for a new request.',
      'Idempotency-Key',
    );
  }
  return record;
}
