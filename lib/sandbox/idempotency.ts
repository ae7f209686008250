import { createHash } from 'node:crypto';
import { errorResponse, SandboxError, type ErrorCatalogue } from './errors';
import { IDEMPOTENCY_KEY_TTL_MS } from './limits';
import type { IdempotencyRecord, SandboxStore } from './store/types';

export type Answer = { status: number; body: unknown };

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

/**
 * Runs an operation under an `Idempotency-Key`: replays the stored answer, or runs it and
 * stores its answer. A refusal by the operation itself is stored and replayed like a success;
 * a request that failed validation never reaches here, so it is not.
 */
export async function idempotently(
  options: {
    store: SandboxStore;
    sandboxId: string;
    key: string;
    fingerprint: string;
    now: number;
    requestId: string;
    errors: ErrorCatalogue;
  },
  run: () => Promise<Answer>,
): Promise<Answer & { replayed?: boolean }> {
  const { store, sandboxId, key, now } = options;
  const replay = replayOf(await store.idempotency(sandboxId, key), options.fingerprint, now);
  if (replay) return { status: replay.status, body: replay.body, replayed: true };
  const save = (answer: Answer) =>
    store.saveIdempotency(sandboxId, {
      key,
      fingerprint: options.fingerprint,
      ...answer,
      storedAt: now,
    });
  try {
    const answer = await run();
    await save(answer);
    return answer;
  } catch (caught) {
    if (caught instanceof SandboxError)
      await save(errorResponse(caught, options.errors, options.requestId));
    throw caught;
  }
}
