// The signature checker verifies as the Webhooks page documents, with Web Crypto, and says why a
// delivery fails: checked against signatures the sandbox itself makes.
import { describe, expect, it } from 'vitest';
import { checkSignature, parseSignatureHeader } from '@/lib/console/signature';
import { explainVerdict } from '@/lib/console/verdict';
import { newSigningSecret, signatureHeader } from '@/lib/sandbox/signing';

const secret = newSigningSecret();
const now = 1_773_480_602;
const body = JSON.stringify({
  id: 'evt_1Rb7Yc2Q',
  type: 'charge.succeeded',
  data: { object: { id: 'ch_3MtwBwLk', amount: 12500 } },
});
const header = signatureHeader([secret], now - 30, body);
const known = { secrets: [secret], bodies: [body] };

describe('the signature checker', () => {
  it('verifies a delivery signed by the sandbox', async () => {
    const verdict = await checkSignature({ payload: body, header, secret, now });
    expect(verdict).toEqual({ kind: 'verified', age: 30 });
    expect(explainVerdict(verdict).ok).toBe(true);
  });

  it('reads a header pasted with its name', async () => {
    const verdict = await checkSignature({
      payload: body,
      header: `Kestrel-Signature: ${header}`,
      secret,
      now,
    });
    expect(verdict.kind).toBe('verified');
  });

  it('says a signature older than five minutes is outside the tolerance', async () => {
    const verdict = await checkSignature({ payload: body, header, secret, now: now + 301 });
    expect(verdict).toEqual({ kind: 'too-old', age: 331 });
    expect(explainVerdict(verdict)).toMatchObject({
      ok: false,
      title: 'Timestamp outside the tolerance',
    });
    expect(explainVerdict(verdict).detail).toContain('6 minutes ago');
  });

  it('tells a wrong secret from a changed body when the sandbox secret is known', async () => {
    const verdict = await checkSignature(
      { payload: body, header, secret: newSigningSecret(), now },
      known,
    );
    expect(verdict.kind).toBe('wrong-secret');
    expect(explainVerdict(verdict).title).toBe('Wrong secret');
  });

  it('says re-serialised JSON is the same data in other bytes', async () => {
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    const verdict = await checkSignature({ payload: pretty, header, secret, now });
    expect(verdict).toMatchObject({
      kind: 'body-changed',
      reserialised: true,
      at: 1,
      wrongSecretToo: false,
    });
    expect(explainVerdict(verdict).title).toBe('Body re-serialised');
  });

  it('says where an edited body first differs from the one signed', async () => {
    const edited = body.replace('12500', '12600');
    const verdict = await checkSignature({ payload: edited, header, secret, now }, known);
    expect(verdict).toMatchObject({
      kind: 'body-changed',
      reserialised: false,
      at: edited.indexOf('12600') + 2,
    });
    expect(explainVerdict(verdict).detail).toContain(`character ${edited.indexOf('12600') + 3}`);
  });

  it('without anything known, says the secret or the body is wrong and shows the HMAC it got', async () => {
    const verdict = await checkSignature({
      payload: `${body} `,
      header,
      secret: 'whsec_other',
      now,
    });
    expect(verdict.kind).toBe('mismatch');
    expect(explainVerdict(verdict).detail).toMatch(/gives v1=[0-9a-f]{64}/);
  });

  it.each([
    ['v1=abc', 'It has no t= timestamp.'],
    ['t=soon,v1=' + 'a'.repeat(64), 'Its timestamp t=soon is not a whole number of seconds.'],
    ['t=1773480602', 'It has no v1= signature.'],
    [
      't=1773480602,v1=xyz',
      'Its v1 signature is not 64 hexadecimal characters, the length of an HMAC-SHA256.',
    ],
  ])('explains the malformed header %s', async (malformed, reason) => {
    expect(parseSignatureHeader(malformed)).toEqual({ reason });
    const verdict = await checkSignature({ payload: body, header: malformed, secret, now });
    expect(explainVerdict(verdict)).toMatchObject({
      ok: false,
      title: 'Malformed signature header',
    });
  });

  it('asks for what is missing', async () => {
    const verdict = await checkSignature({ payload: '', header, secret: '', now });
    expect(verdict).toEqual({ kind: 'incomplete', missing: ['payload', 'secret'] });
  });
});
