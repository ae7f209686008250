// The secrets a sandbox's deliveries are signed with: the one it opened with until a rotation,
// then the new one, with the one before it beside it until the overlap the rotation asked for
// ends. Stored among the sandbox's objects, so it is kept, shared and dropped with them.
import { newSigningSecret } from './signing';
import type { SandboxRecord, SandboxStore } from './store/types';
import { timestamp } from './time';

const SECRETS_KIND = 'signing_secrets';
const SECRETS_KEY = 'secrets';

type Rotation = { current: string; previous: string | null; previous_expires_at: number | null };

async function rotationOf(store: SandboxStore, sandbox: SandboxRecord): Promise<Rotation> {
  const stored = await store.get(sandbox.id, SECRETS_KIND, SECRETS_KEY);
  return stored
    ? (stored as unknown as Rotation)
    : { current: sandbox.signingSecret, previous: null, previous_expires_at: null };
}

/** The secrets that sign a delivery made at `now`, the newest first. */
export async function secretsInForce(
  store: SandboxStore,
  sandbox: SandboxRecord,
  now: number,
): Promise<string[]> {
  const { current, previous, previous_expires_at: expiresAt } = await rotationOf(store, sandbox);
  return previous && expiresAt !== null && now < expiresAt ? [current, previous] : [current];
}

/** The secrets as the inbox and an endpoint show them: the current one, and any still overlapping. */
export async function signingSecrets(store: SandboxStore, sandbox: SandboxRecord, now: number) {
  const rotation = await rotationOf(store, sandbox);
  const overlapping =
    rotation.previous &&
    rotation.previous_expires_at !== null &&
    now < rotation.previous_expires_at;
  return {
    secret: rotation.current,
    previous: overlapping ? rotation.previous : null,
    previousExpiresAt: overlapping ? timestamp(rotation.previous_expires_at!) : null,
  };
}

/**
 * Gives the sandbox a new secret and keeps the current one signing for `overlapSeconds` (none
 * for 0); a rotation during an overlap ends the earlier one, so only two secrets ever sign.
 */
export async function rotateSigningSecret(
  store: SandboxStore,
  sandbox: SandboxRecord,
  now: number,
  overlapSeconds: number,
) {
  const { current } = await rotationOf(store, sandbox);
  const rotation: Rotation = {
    current: newSigningSecret(),
    previous: overlapSeconds > 0 ? current : null,
    previous_expires_at: overlapSeconds > 0 ? now + overlapSeconds * 1000 : null,
  };
  await store.put(sandbox.id, SECRETS_KIND, SECRETS_KEY, {
    object: SECRETS_KIND,
    id: SECRETS_KEY,
    ...rotation,
  });
  return signingSecrets(store, sandbox, now);
}
