import 'server-only';
import { randomBytes } from 'node:crypto';
import type { SandboxRedis } from './store/redis-client';
import { guarded } from './store/redis-errors';
import { SIGNING_KEY_KEY } from './store/redis-keys';

/** How long an instance signs with the key it read before it reads it again. */
const REREAD_MS = 60_000;

/**
 * The token signing key every instance shares: the first to ask creates it (SET NX) and all
 * read it back. Read again each minute, so after Redis loses its data the instances agree again
 * on the key the first of them writes back.
 */
export function sharedSigningKey(client: SandboxRedis): () => Promise<Buffer> {
  let known: { key: Buffer; readAt: number } | undefined;
  return async () => {
    if (known && Date.now() - known.readAt < REREAD_MS) return known.key;
    const offered = (known?.key ?? randomBytes(32)).toString('hex');
    const stored = await guarded(client, () =>
      client.set(SIGNING_KEY_KEY, offered, { condition: 'NX', GET: true }),
    );
    const hex = typeof stored === 'string' ? stored : offered;
    if (known?.key.toString('hex') !== hex) known = { key: Buffer.from(hex, 'hex'), readAt: 0 };
    known.readAt = Date.now();
    return known.key;
  };
}
