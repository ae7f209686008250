import { createHash, randomBytes } from 'node:crypto';
import { SandboxError } from './errors';
import { SANDBOX_KEY_PAIR } from './keys';
import { TOKEN_LIFETIME_SECONDS } from './limits';
import { newSigningSecret } from './signing';
import type { SandboxRecord, SandboxStore } from './store/types';

/**
 * The catalogue has no code of its own for a missing or malformed `Authorization` header;
 * the documented 401 closest to it says the credentials are not valid.
 */
const MISSING_CREDENTIALS_CODE = 'invalid_api_key';

const TOKEN_PATTERN = /^kp_at_[0-9a-f]{32}$/;

/** The store key of a token's sandbox: a hash, so a shared store never holds usable tokens. */
function sandboxIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Exchanges the documented sandbox key pair for a new token, which opens a new, empty sandbox. */
export async function issueToken(body: Record<string, unknown>, store: SandboxStore, now: number) {
  if (
    body.public_key !== SANDBOX_KEY_PAIR.publicKey ||
    body.private_key !== SANDBOX_KEY_PAIR.privateKey
  ) {
    throw new SandboxError(
      'invalid_api_key',
      'The key pair is not valid for this environment. Use the sandbox keys shown on the Authentication page.',
    );
  }
  const token = `kp_at_${randomBytes(16).toString('hex')}`;
  await store.open(
    {
      id: sandboxIdOf(token),
      expiresAt: now + TOKEN_LIFETIME_SECONDS * 1000,
      signingSecret: newSigningSecret(),
    },
    now,
  );
  return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS };
}

/** The sandbox of the request's bearer token, or the documented 401. */
export async function authenticate(
  authorization: string | undefined,
  store: SandboxStore,
  now: number,
): Promise<SandboxRecord> {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (!token || !TOKEN_PATTERN.test(token)) {
    throw new SandboxError(
      MISSING_CREDENTIALS_CODE,
      'Send a sandbox access token as "Authorization: Bearer <access_token>". Get one at POST /v1/auth/token.',
    );
  }
  const sandbox = await store.sandbox(sandboxIdOf(token), now);
  if (!sandbox || now >= sandbox.expiresAt) {
    throw new SandboxError(
      'token_expired',
      'The access token has expired. Request a new one at POST /v1/auth/token.',
    );
  }
  return sandbox;
}
