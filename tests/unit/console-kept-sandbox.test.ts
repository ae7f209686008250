// The current sandbox as tabs keep and share it: a token's expiry read as the sandbox wrote it,
// a stored sandbox read back only when whole and unexpired, and the token masked for the bar.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskedToken, readKept, readMessage, tokenExpiresAt } from '@/lib/console/kept-sandbox';
import { issueToken, tokenSigner } from '@/lib/sandbox/auth';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { TOKEN_LIFETIME_SECONDS } from '@/lib/sandbox/limits';
import { MemoryStore } from '@/lib/sandbox/store/memory';

const now = Date.UTC(2026, 10, 28, 12);

async function issued() {
  const keys = { public_key: SANDBOX_KEY_PAIR.publicKey, private_key: SANDBOX_KEY_PAIR.privateKey };
  const store = new MemoryStore();
  const answer = await issueToken(keys, {
    store,
    now,
    sign: tokenSigner(randomBytes(32)),
    roles: [],
    client: '203.0.113.7',
  });
  return answer.access_token;
}

describe('the kept sandbox', () => {
  it('reads a token’s expiry as the sandbox issued it', async () => {
    expect(tokenExpiresAt(await issued())).toBe(now + TOKEN_LIFETIME_SECONDS * 1000);
    expect(tokenExpiresAt('sk_test_something')).toBeUndefined();
  });

  it('reads back a stored sandbox only when it is whole and has not expired', async () => {
    const token = await issued();
    const kept = { token, expiresAt: now + 60_000, ids: ['ch_1'] };
    expect(readKept(JSON.stringify(kept), now)).toEqual(kept);
    expect(readKept(JSON.stringify(kept), now + 60_000)).toBeUndefined();
    expect(readKept(JSON.stringify({ ...kept, token: 'nope' }), now)).toBeUndefined();
    expect(readKept('{not json', now)).toBeUndefined();
    expect(readKept('null', now)).toBeUndefined();
    expect(readKept(null, now)).toBeUndefined();
  });

  it('accepts only the messages tabs send each other', async () => {
    const sandbox = { token: await issued(), expiresAt: now, ids: [] };
    expect(readMessage({ kind: 'hello' })).toEqual({ kind: 'hello' });
    expect(readMessage({ kind: 'current', sandbox, kept: true })).toEqual({
      kind: 'current',
      sandbox,
      kept: true,
    });
    expect(readMessage({ kind: 'current', sandbox: { token: 'x' }, kept: true })).toBeUndefined();
    expect(readMessage('hello')).toBeUndefined();
  });

  it('masks all of a token but its prefix and last four characters', async () => {
    const token = await issued();
    expect(maskedToken(token)).toBe(`kp_at_••••••••${token.slice(-4)}`);
  });
});
