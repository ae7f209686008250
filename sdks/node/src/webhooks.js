import { createHmac, timingSafeEqual } from 'node:crypto';
import { KestrelError } from './errors.js';

// Deliveries signed longer ago than this are refused, which stops replayed requests.
const TOLERANCE_SECONDS = 300;
const HEX_SHA256 = /^[0-9a-f]{64}$/i;

const refuse = (message) =>
  new KestrelError({ message: `Webhook signature verification failed: ${message}` });

/** The fields of a `Kestrel-Signature` header: its `t` and every `v1`. */
function parseHeader(header) {
  const fields = header.split(',').map((part) => {
    const index = part.indexOf('=');
    return index < 0 ? ['', ''] : [part.slice(0, index).trim(), part.slice(index + 1).trim()];
  });
  const timestamp = fields.find(([name]) => name === 't')?.[1];
  const signatures = fields.filter(([name]) => name === 'v1').map(([, value]) => value);
  return { timestamp: /^\d+$/.test(timestamp ?? '') ? Number(timestamp) : NaN, signatures };
}

/** Checks webhook deliveries as the Webhooks page describes. */
export class Webhooks {
  /**
   * The event of a delivery whose `Kestrel-Signature` header is a valid signature of `rawBody`
   * with `secret`, made in the last five minutes; throws a KestrelError otherwise. During a
   * secret rotation the header has one `v1` per secret, and any of them may match.
   */
  constructEvent(rawBody, signatureHeader, secret) {
    if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
      throw refuse(
        'pass the raw body, a string or a Buffer, exactly as received, not parsed JSON.',
      );
    }
    if (typeof signatureHeader !== 'string' || signatureHeader === '') {
      throw refuse('the Kestrel-Signature header is missing.');
    }
    if (typeof secret !== 'string' || secret === '') throw refuse('no endpoint secret was given.');
    const { timestamp, signatures } = parseHeader(signatureHeader);
    if (!Number.isSafeInteger(timestamp) || signatures.length === 0) {
      throw refuse('the Kestrel-Signature header is malformed: it needs t= and at least one v1=.');
    }
    if (Math.floor(Date.now() / 1000) - timestamp > TOLERANCE_SECONDS) {
      throw refuse(`the signature is more than ${TOLERANCE_SECONDS / 60} minutes old.`);
    }
    const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
    const matches = signatures.some(
      (signature) =>
        HEX_SHA256.test(signature) && timingSafeEqual(Buffer.from(signature, 'hex'), expected),
    );
    if (!matches) throw refuse('no v1 signature matches the body and the secret.');
    try {
      return JSON.parse(Buffer.from(rawBody).toString('utf8'));
    } catch (cause) {
      throw new KestrelError({ message: 'The webhook body is signed but is not JSON.', cause });
    }
  }
}
