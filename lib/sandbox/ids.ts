import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random identifier body in the style of the documented IDs, such as `3MtwBwLk`. */
function randomId(length = 12): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** A fresh ID with the prefix of the documented example, such as `ch_` or `re_`. */
export function freshId(prefix: string): string {
  return `${prefix}${randomId()}`;
}

/** Makes the ID of a new object of a kind (`charge` → `ch_…`, `event` → `evt_…`). */
export type IdMaker = (kind: string) => string;

/** Fresh IDs with each kind's documented prefix. */
export const freshIds =
  (prefixOfKind: ReadonlyMap<string, string>): IdMaker =>
  (kind) =>
    freshId(prefixOfKind.get(kind) ?? '');

/** A request ID for the `Kestrel-Request-Id` header and error envelopes. */
export function requestId(): string {
  return `req_${randomId(10)}`;
}

/** A card scheme's identifier of an authorisation: 15 digits, as Visa's transaction identifiers. */
export function networkTransactionId(): string {
  return Array.from(randomBytes(15), (byte) => String(byte % 10)).join('');
}
