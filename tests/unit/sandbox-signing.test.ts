import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signatureHeader, verifySignature } from '@/lib/sandbox/signing';

const body = '{"id":"evt_1Rb7Yc2Q","object":"event","type":"charge.succeeded"}';

describe('webhook signatures', () => {
  it('sign "t.body" with HMAC-SHA256 in the documented header format', () => {
    const secret = newSigningSecret();
    const header = signatureHeader(secret, 1773480602, body);
    const expected = createHmac('sha256', secret).update(`1773480602.${body}`).digest('hex');
    expect(header).toBe(`t=1773480602,v1=${expected}`);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
  });

  it('verify, and say why a delivery fails', () => {
    const secret = newSigningSecret();
    const header = signatureHeader(secret, 1000, body);
    expect(verifySignature(secret, header, body, 1100)).toEqual({ valid: true });
    expect(verifySignature(newSigningSecret(), header, body, 1100)).toMatchObject({
      reason: 'signature_mismatch',
    });
    expect(verifySignature(secret, header, body.replace('charge', 'refund'), 1100)).toMatchObject({
      reason: 'signature_mismatch',
    });
    expect(verifySignature(secret, header, body, 1000 + 301)).toMatchObject({
      reason: 'timestamp_outside_tolerance',
    });
    expect(verifySignature(secret, 'v1=abc', body, 1000)).toMatchObject({
      reason: 'malformed_header',
    });
  });
});
