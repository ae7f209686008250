import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signatureHeader } from '@/lib/sandbox/signing';

const body = '{"id":"evt_1Rb7Yc2Q","object":"event","type":"charge.succeeded"}';

/** The receiver's check as the Webhooks page describes it: `t`, a dot and the raw body, any `v1`. */
function verifies(secret: string, header: string, rawBody: string) {
  const t = /^t=(\d+)/.exec(header)?.[1];
  const signatures = [...header.matchAll(/,v1=([0-9a-f]{64})/g)].map(([, v1]) => v1!);
  if (!t || signatures.length === 0) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return signatures.some((v1) => timingSafeEqual(Buffer.from(v1, 'hex'), expected));
}

describe('webhook signatures', () => {
  it('sign "t.body" with HMAC-SHA256 in the documented header format', () => {
    const secret = newSigningSecret();
    const header = signatureHeader([secret], 1773480602, body);
    const expected = createHmac('sha256', secret).update(`1773480602.${body}`).digest('hex');
    expect(header).toBe(`t=1773480602,v1=${expected}`);
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
  });

  it('verify only with the same secret, time and exact bytes', () => {
    const secret = newSigningSecret();
    const header = signatureHeader([secret], 1000, body);
    expect(verifies(secret, header, body)).toBe(true);
    expect(verifies(newSigningSecret(), header, body)).toBe(false);
    expect(verifies(secret, header, JSON.stringify(JSON.parse(body), null, 1))).toBe(false);
    expect(verifies(secret, header.replace('t=1000', 't=1001'), body)).toBe(false);
  });

  it('carry one v1 per secret in force, the newest first, each verifying with its own secret', () => {
    const [current, previous] = [newSigningSecret(), newSigningSecret()];
    const header = signatureHeader([current, previous], 1000, body);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(header.startsWith(signatureHeader([current], 1000, body))).toBe(true);
    expect(verifies(current, header, body)).toBe(true);
    expect(verifies(previous, header, body)).toBe(true);
    expect(verifies(newSigningSecret(), header, body)).toBe(false);
  });
});
