// A logged request opened again in the console: which request it replays, and whether it sends
// that request's Idempotency-Key again (the sandbox answers the stored response) or a new one
// (the sandbox runs it again). The key stays out of shared links all the same.
import { setValue } from './request';
import type { RequestValues } from './spec';

/** The logged request a console replays: its `Kestrel-Request-Id`, and its key if it sent one. */
export type Replay = { requestId: string; idempotencyKey?: string };

/** Whether the values send the replayed request's own Idempotency-Key. */
export function sendsOriginalKey(values: RequestValues, replay: Replay | undefined): boolean {
  const key = replay?.idempotencyKey;
  return key !== undefined && values.headers['Idempotency-Key'] === key;
}

/** The values with the replayed request's own Idempotency-Key, or with a new one. */
export function withReplayKey(
  values: RequestValues,
  originalKey: string,
  original: boolean,
  newKey: () => string,
): RequestValues {
  return setValue(values, 'headers.Idempotency-Key', original ? originalKey : newKey());
}
