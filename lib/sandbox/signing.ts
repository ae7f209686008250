import { createHmac, randomBytes } from 'node:crypto';

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
