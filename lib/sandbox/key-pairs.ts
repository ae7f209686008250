// The key pairs `POST /v1/auth/token` accepts: the documented pair with every role, the restricted
// documented pairs with one role each, and the pairs a sandbox created with Create a key pair,
// whose private key names that sandbox and matches the digest the sandbox keeps of it.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SandboxError } from './errors';
import { RESTRICTED_KEY_PAIRS, SANDBOX_KEY_PAIR } from './keys';
import type { SandboxObject } from './model';
import type { SandboxRecord, SandboxStore } from './store/types';
import { timestamp } from './time';
import { sandboxTime } from './test-clock';

/** The kind of object a key pair created with the API is. */
export const API_KEY_KIND = 'api_key';

/** The digest of a created pair's private key, stored among its sandbox's objects by the pair's id. */
const PRIVATE_KEY_DIGEST_KIND = 'api_key_private_key_digest';

/** `sk_test_`, the 64 hex digits of the sandbox's id, then 32 random ones. */
const CREATED_PRIVATE_KEY = /^sk_test_([0-9a-f]{64})[0-9a-f]{32}$/;

const digestOf = (privateKey: string) => createHash('sha256').update(privateKey).digest();

/** An `api_key` object as a sandbox stores it, with the fields a token request reads. */
type ApiKeyObject = SandboxObject & {
  id: string;
  public_key: string;
  roles: string[];
  status: string;
};

/**
 * A new key pair for a sandbox: a public key, and a private key that names the sandbox, so a
 * token request finds it; the sandbox keeps only the digest (`digest`, to store with the pair).
 */
export function newKeyPair(sandboxId: string, apiKeyId: string) {
  const privateKey = `sk_test_${sandboxId}${randomBytes(16).toString('hex')}`;
  return {
    publicKey: `pk_test_${randomBytes(12).toString('hex')}`,
    privateKey,
    digest: {
      object: PRIVATE_KEY_DIGEST_KIND,
      id: apiKeyId,
      sha256: digestOf(privateKey).toString('hex'),
    } satisfies SandboxObject,
  };
}

/** The key pair a token is issued for: its `key_` ID, its roles, and for a created pair, which. */
export type IssuingPair = {
  id: string;
  roles: string[];
  created?: { sandbox: SandboxRecord; apiKey: ApiKeyObject };
};

const refused = () =>
  new SandboxError(
    'invalid_api_key',
    'The key pair is not valid for this environment. Use the sandbox keys shown on the Authentication page, or a pair this sandbox created and has not revoked.',
  );

/** The created pair a private key names, still `active` in a sandbox still open; else undefined. */
async function createdPair(
  publicKey: string,
  privateKey: string,
  { store, now }: { store: SandboxStore; now: number },
): Promise<IssuingPair['created']> {
  const [, sandboxId] = CREATED_PRIVATE_KEY.exec(privateKey) ?? [];
  const sandbox = sandboxId ? await store.sandbox(sandboxId, now) : undefined;
  if (!sandbox || now >= sandbox.expiresAt) return undefined;
  const apiKeys = (await store.list(sandbox.id, API_KEY_KIND)) as ApiKeyObject[];
  const apiKey = apiKeys.find((candidate) => candidate.public_key === publicKey);
  if (apiKey?.status !== 'active') return undefined;
  const stored = await store.get(sandbox.id, PRIVATE_KEY_DIGEST_KIND, apiKey.id);
  const matches =
    typeof stored?.sha256 === 'string' &&
    timingSafeEqual(Buffer.from(stored.sha256, 'hex'), digestOf(privateKey));
  return matches ? { sandbox, apiKey } : undefined;
}

/**
 * The pair a token request sends, or the documented `401` `invalid_api_key`: the documented pair
 * has every role (`roles`), a restricted one its own, a created one those it has now.
 */
export async function issuingPair(
  body: Record<string, unknown>,
  options: { store: SandboxStore; now: number; roles: string[] },
): Promise<IssuingPair> {
  const { public_key: publicKey, private_key: privateKey } = body;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string') throw refused();
  if (publicKey === SANDBOX_KEY_PAIR.publicKey && privateKey === SANDBOX_KEY_PAIR.privateKey) {
    return { id: SANDBOX_KEY_PAIR.id, roles: options.roles };
  }
  const restricted = RESTRICTED_KEY_PAIRS.find(
    (pair) => pair.publicKey === publicKey && pair.privateKey === privateKey,
  );
  if (restricted) return { id: restricted.id, roles: [restricted.role] };
  const created = await createdPair(publicKey, privateKey, options);
  if (!created) throw refused();
  return { id: created.apiKey.id, roles: created.apiKey.roles, created };
}

/** Notes on a created pair that a token was issued for it now, as its `last_used_at` documents. */
export async function markUsed(store: SandboxStore, created: IssuingPair['created'], now: number) {
  if (!created) return;
  const { sandbox, apiKey } = created;
  await store.exclusive(sandbox.id, async () => {
    const current = await store.get(sandbox.id, API_KEY_KIND, apiKey.id);
    if (!current) return;
    const used = timestamp(await sandboxTime(store, sandbox.id, now));
    await store.put(sandbox.id, API_KEY_KIND, apiKey.id, { ...current, last_used_at: used });
  });
}
