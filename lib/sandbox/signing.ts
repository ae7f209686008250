import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_TOLERANCE_SECONDS } from './limits';

/** A new webhook signing secret in the documented `whsec_` form. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`;
}

/** The documented `Kestrel-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signatureHeader(secret: string, unixSeconds: number, rawBody: string): string {
  const digest = createHmac('sha256', secret)
    .update(`${unixSeconds}.`)
    .update(rawBody)
    .digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

export type Verdict =
  | { valid: true }
  | {
      valid: false;
      reason: 'malformed_header' | 'timestamp_outside_tolerance' | 'signature_mismatch';
    };

/** Verifies a delivery as the documentation tells receivers to, saying why one fails. */
export function verifySignature(
  secret: string,
  header: string,
  rawBody: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): Verdict {
  const fields = new Map(
    header.split(',').map((part) => {
      const index = part.indexOf('=');
      return [part.slice(0, index).trim(), part.slice(index + 1).trim()] as const;
    }),
  );
  const t = Number(fields.get('t'));
  const v1 = fields.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) {
    return { valid: false, reason: 'malformed_header' };
  }
  if (Math.abs(nowSeconds - t) > toleranceSeconds) {
    return { valid: false, reason: 'timestamp_outside_tolerance' };
  }
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  const received = Buffer.from(v1, 'hex');
  return timingSafeEqual(received, expected)
    ? { valid: true }
    : { valid: false, reason: 'signature_mismatch' };
}
