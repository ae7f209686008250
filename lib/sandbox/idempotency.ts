import { createHash } from 'node:crypto';
import { errorResponse, SandboxError, type ErrorCatalogue } from './errors';
import { IDEMPOTENCY_KEY_TTL_MS } from './limits';
import type { IdempotencyRecord, SandboxStore } from './store/types';

export type Answer = { status: number; body: unknown };

/** An answer with the API version it is written in, and whether it replays an earlier one. */
export type VersionedAnswer = Answer & { version: string; replayed?: boolean };

/** Refusals of a request that ran, stored and replayed like a success (documented in Idempotency). */
const REPLAYED_REFUSALS = new Set([400, 404, 409]);

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
      'This Idempotency-Key was used with a different request body or endpoint. Generate a new key for a new request.',
    );
  }
  return record;
}

/**
 * Runs an operation under an `Idempotency-Key`: answers `idempotency_request_in_progress` while
 * another request holds the key, replays the stored answer, or runs it and stores its answer,
 * a refusal with 400, 404 or 409 included. The operation and its stored answer commit together:
 * when the answer cannot be stored, the operation is undone. What was refused before running
 * (401, 403, 429) or failed on the server is not stored, so a retry runs.
 */
export async function idempotently(
  options: {
    store: SandboxStore;
    sandboxId: string;
    key: string;
    fingerprint: string;
    now: number;
    requestId: string;
    version: string;
    errors: ErrorCatalogue;
  },
  run: () => Promise<Answer>,
): Promise<VersionedAnswer> {
  const { store, sandboxId, key, now, version } = options;
  if (!(await store.claimIdempotencyKey(sandboxId, key))) {
    throw new SandboxError(
      'idempotency_request_in_progress',
      'A request with this Idempotency-Key is still in progress. Retry after 1 second.',
      null,
      { 'Retry-After': '1' },
    );
  }
  try {
    const replay = replayOf(await store.idempotency(sandboxId, key), options.fingerprint, now);
    if (replay)
      return { status: replay.status, body: replay.body, version: replay.version, replayed: true };
    const save = (answer: Answer) =>
      store.saveIdempotency(sandboxId, {
        key,
        fingerprint: options.fingerprint,
        ...answer,
        version,
        storedAt: now,
      });
    try {
      const answer = await store.atomically(sandboxId, async () => {
        const ran = await run();
        await save(ran);
        return ran;
      });
      return { ...answer, version };
    } catch (caught) {
      if (caught instanceof SandboxError) {
        const refusal = errorResponse(caught, options.errors, options.requestId);
        if (REPLAYED_REFUSALS.has(refusal.status)) await save(refusal);
      }
      throw caught;
    }
  } finally {
    await store.releaseIdempotencyKey(sandboxId, key);
  }
}
