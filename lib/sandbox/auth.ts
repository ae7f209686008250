import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SandboxError } from './errors';
import { API_KEY_KIND, issuingPair, markUsed } from './key-pairs';
import { MAX_SANDBOXES_PER_CLIENT, TOKEN_LIFETIME_SECONDS } from './limits';
import { refuseRehearsalToken } from './rehearsal-tokens';
import { newSigningSecret } from './signing';
import { SandboxesInUseError, type SandboxRecord, type SandboxStore } from './store/types';

/** `kp_at_`, the expiry in unix seconds as 8 hex digits, 16 random ones, then 8 of their signature. */
const TOKEN_PATTERN = /^kp_at_(([0-9a-f]{8})[0-9a-f]{16})([0-9a-f]{8})$/;

/** The signature of a token's expiry and random part, as 8 hex digits. */
export type TokenSigner = (unsigned: string) => string;

/** Signs tokens with `key`, so one never issued with it is told from one past its hour. */
export function tokenSigner(key: Buffer): TokenSigner {
  return (unsigned) => createHmac('sha256', key).update(unsigned).digest('hex').slice(0, 8);
}

function signedBy(sign: TokenSigner, unsigned: string, signature: string): boolean {
  return timingSafeEqual(Buffer.from(sign(unsigned)), Buffer.from(signature));
}

/** The store key of a token's sandbox: a hash, so a shared store never holds usable tokens. */
export function sandboxIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Exchanges a key pair for a new token with the pair's roles: the documented pairs open a new,
 * empty sandbox; a pair created in a sandbox gets a token into that one. Either way the token
 * takes one of the client's sandboxes; 503 while every sandbox is in use.
 */
export async function issueToken(
  body: Record<string, unknown>,
  options: {
    store: SandboxStore;
    now: number;
    sign: TokenSigner;
    roles: string[];
    /** The client asking, as the rate limits name it. */
    client: string;
  },
) {
  const { store, now, sign } = options;
  const pair = await issuingPair(body, { store, now, roles: options.roles });
  const expiresAt = now + TOKEN_LIFETIME_SECONDS * 1000;
  // The expiry travels in the token, so a token whose sandbox is gone still says why.
  const expiry = Math.floor(expiresAt / 1000)
    .toString(16)
    .padStart(8, '0');
  const unsigned = `${expiry}${randomBytes(8).toString('hex')}`;
  const token = `kp_at_${unsigned}${sign(unsigned)}`;
  const { created } = pair;
  await openFor(store, now, {
    id: sandboxIdOf(token),
    expiresAt,
    signingSecret: created?.sandbox.signingSecret ?? newSigningSecret(),
    roles: pair.roles,
    apiKeyId: pair.id,
    ...(created ? { keyPair: { sandboxId: created.sandbox.id, apiKeyId: created.apiKey.id } } : {}),
    client: options.client,
  });
  await markUsed(store, created, now);
  return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS };
}

/** Opens a token's sandbox, or answers 503 until one in use long enough ago may close for it. */
async function openFor(store: SandboxStore, now: number, record: SandboxRecord) {
  try {
    await store.open(record, now);
  } catch (caught) {
    if (!(caught instanceof SandboxesInUseError)) throw caught;
    const seconds = Math.ceil(caught.retryAfterMs / 1000);
    throw new SandboxError(
      'service_unavailable',
      `Every sandbox of this site is in use. Retry after ${seconds} seconds.`,
      null,
      { 'Retry-After': String(seconds) },
    );
  }
}

/** Authenticates a request's `Authorization` header, as `authenticate` does with a sandbox's store and key. */
export type Authenticate = (
  authorization: string | undefined,
  now: number,
) => Promise<SandboxRecord>;

/** The token of an `Authorization: Bearer <token>` header (the scheme in any case). */
export const bearerTokenOf = (authorization: string | undefined) =>
  /^bearer +(\S+)$/i.exec(authorization ?? '')?.[1];

/**
 * The sandbox of the request's bearer token, or the documented 401: `token_missing` without a
 * `Bearer` token (the scheme in any case), `token_expired` past its hour, `token_invalid` for one
 * this sandbox never issued or has closed: unused for a while, or as the least recently used of
 * too many of one client's.
 */
export async function authenticate(
  authorization: string | undefined,
  store: SandboxStore,
  now: number,
  sign: TokenSigner,
): Promise<SandboxRecord> {
  const token = bearerTokenOf(authorization);
  if (!token) {
    throw new SandboxError(
      'token_missing',
      'Send the header Authorization: Bearer <access_token>. Get a token at POST /v1/auth/token.',
    );
  }
  refuseRehearsalToken(token);
  const [, unsigned, expiry, signature] = TOKEN_PATTERN.exec(token) ?? [];
  const expired = expiry !== undefined && now >= Number.parseInt(expiry, 16) * 1000;
  const sandbox = unsigned ? await store.sandbox(sandboxIdOf(token), now) : undefined;
  // A sandbox vouches for its token, even one signed before a shared key was replaced.
  if (expired && (sandbox || signedBy(sign, unsigned!, signature!))) {
    throw new SandboxError(
      'token_expired',
      'The access token has expired. Request a new one at POST /v1/auth/token.',
    );
  }
  if (!sandbox) {
    throw new SandboxError(
      'token_invalid',
      `The access token is not valid for this sandbox: it was not issued here, or its sandbox was closed after a while unused or as the least recently used of more than ${MAX_SANDBOXES_PER_CLIENT} you opened. Request a new one at POST /v1/auth/token.`,
    );
  }
  return sandbox.keyPair ? createdPairSandbox(sandbox, store, now) : sandbox;
}

/**
 * The sandbox a token of a created key pair works in, with the token's roles: `token_invalid`
 * once the pair is revoked or that sandbox has closed.
 */
async function createdPairSandbox(
  record: SandboxRecord,
  store: SandboxStore,
  now: number,
): Promise<SandboxRecord> {
  const { sandboxId, apiKeyId } = record.keyPair!;
  const sandbox = await store.sandbox(sandboxId, now);
  const open = sandbox && now < sandbox.expiresAt;
  const apiKey = open ? await store.get(sandboxId, API_KEY_KIND, apiKeyId) : undefined;
  if (!sandbox || apiKey?.status !== 'active') {
    throw new SandboxError(
      'token_invalid',
      'The access token is not valid: its key pair was revoked, or the sandbox the pair was created in has closed. Request a new token with an active pair.',
    );
  }
  return { ...sandbox, roles: record.roles, apiKeyId };
}
