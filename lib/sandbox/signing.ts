import { createHmac, randomBytes } from 'node:crypto';

/** A new webhook signing secret in the documented `whsec_` form. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`;
}

/**
 * The documented `Kestrel-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, one
 * `v1` per secret in force, the newest first, while a rotated-out secret still signs.
 */
export function signatureHeader(secrets: string[], unixSeconds: number, rawBody: string): string {
  const digests = secrets.map((secret) =>
    createHmac('sha256', secret).update(`${unixSeconds}.`).update(rawBody).digest('hex'),
  );
  return [`t=${unixSeconds}`, ...digests.map((digest) => `v1=${digest}`)].join(',');
}
