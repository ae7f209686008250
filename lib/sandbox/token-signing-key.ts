// The key access tokens are signed with: this process's own, unless the instances share one
// (redis-signing-key.ts), and a signer that follows the key as it is read again.
import { randomBytes } from 'node:crypto';
import { tokenSigner, type TokenSigner } from './auth';

/** A key of this process alone, as signs the tokens of a sandbox no other instance serves. */
export function ownSigningKey() {
  const key = randomBytes(32);
  return () => Promise.resolve(key);
}

/**
 * Signs with the key read for the latest request: one key, or the shared key as last read.
 * `refresh` reads the key before a request; `sign` signs with what it read.
 */
export function latestKeySigner(signingKey: () => Promise<Buffer>) {
  let currentSigner: TokenSigner | undefined;
  let signedKey: Buffer | undefined;
  const sign: TokenSigner = (unsigned) => currentSigner!(unsigned);
  const refresh = async () => {
    const key = await signingKey();
    if (key !== signedKey) [signedKey, currentSigner] = [key, tokenSigner(key)];
  };
  return { sign, refresh };
}
