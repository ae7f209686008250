// What the signature checker tells the reader about a verdict: whether it passes, and why not.
import { SIGNATURE_TOLERANCE_SECONDS, type Verdict } from './signature';

export type Explanation = { ok: boolean; title: string; detail: string };

const minutes = (seconds: number) => {
  const whole = Math.max(1, Math.round(seconds / 60));
  return `${whole} minute${whole === 1 ? '' : 's'}`;
};

/** A sentence on the timestamp when it alone would also fail the check. */
function staleNote(age: number): string {
  return age > SIGNATURE_TOLERANCE_SECONDS
    ? ` Its timestamp is also ${minutes(age)} old, beyond the ${minutes(SIGNATURE_TOLERANCE_SECONDS)} tolerance.`
    : '';
}

/** The verdict in words, with what to fix. */
export function explainVerdict(verdict: Verdict): Explanation {
  switch (verdict.kind) {
    case 'verified':
      return {
        ok: true,
        title: 'Signature verified',
        detail: `The HMAC-SHA256 of the timestamp and the exact body matches v1, and the timestamp is ${verdict.age < 60 ? 'under a minute' : minutes(verdict.age)} old.`,
      };
    case 'incomplete':
      return {
        ok: false,
        title: 'Nothing to check yet',
        detail: `Paste the ${verdict.missing.join(', the ')}.`,
      };
    case 'malformed-header':
      return {
        ok: false,
        title: 'Malformed signature header',
        detail: `${verdict.reason} A Kestrel-Signature header reads t=<Unix seconds>,v1=<64 hex characters>.`,
      };
    case 'too-old':
      return {
        ok: false,
        title: 'Timestamp outside the tolerance',
        detail: `The signature matches, but it was made ${minutes(verdict.age)} ago: a handler rejects deliveries older than ${minutes(SIGNATURE_TOLERANCE_SECONDS)}, which stops replayed requests. Resend the event for a fresh signature.`,
      };
    case 'wrong-secret':
      return {
        ok: false,
        title: 'Wrong secret',
        detail: `The body is intact, but it was signed with your sandbox's signing secret, not the one given. Use the whsec_ secret shown above the inbox.${staleNote(verdict.age)}`,
      };
    case 'body-changed':
      return {
        ok: false,
        title: verdict.reserialised ? 'Body re-serialised' : 'Body changed',
        detail: `${
          verdict.reserialised
            ? 'The JSON holds the same data, but its bytes differ from those that were signed (spacing, key order or escaping): verify the raw body as received, before parsing it.'
            : 'The body is not the one that was signed: it was edited after delivery.'
        } It first differs at character ${verdict.at + 1}.${verdict.wrongSecretToo ? ' The secret is wrong too.' : ''}${staleNote(verdict.age)}`,
      };
    case 'mismatch':
      return {
        ok: false,
        title: 'Signature does not match',
        detail: `With this secret, this body gives v1=${verdict.expected}. Either the secret is not the one that signed the delivery, or the body is not the bytes that were signed.${staleNote(verdict.age)}`,
      };
  }
}
