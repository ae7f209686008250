// The current sandbox: one bearer token shared by the console, the webhook workbench and the
// flows of every tab of the site, so they all see the same objects and events. It survives a
// reload for the browser session, stays on the device only when the reader keeps it there, and
// never goes into a URL (components/console/sandbox-sharing.ts).
import { idsIn } from '@/lib/console/deliveries';
import { MAX_REMEMBERED_IDS, tokenExpiresAt } from '@/lib/console/kept-sandbox';
import { sandboxRoute } from '@/lib/routes';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { joinTabs, storeSandbox, storedSandbox, type Shared } from './sandbox-sharing';
import { sandboxFailure } from './send';
import { createStore, useStore } from './store';

type Session = {
  token?: string;
  /** When the token stops working, in epoch milliseconds. */
  expiresAt?: number;
  pending: boolean;
  error?: string;
  /** IDs this sandbox created, newest first, offered again in ID fields. */
  ids: string[];
  /** Whether the reader keeps the sandbox on this device, beyond the browser session. */
  kept: boolean;
};

/** The documented token request (Authentication page). */
const TOKEN_PATH = '/v1/auth/token';
/** An authenticated request that changes nothing: it tells a working token from a refused one. */
const CHECK_PATH = '/inbox';
/** A token this close to expiry is replaced before a request rather than fail in the middle. */
const EXPIRY_MARGIN_MS = 60_000;

const session = createStore<Session>({ pending: false, ids: [], kept: false });

const sharedOf = ({ token, expiresAt, ids, kept }: Session): Shared => ({
  sandbox: token && expiresAt ? { token, expiresAt, ids } : undefined,
  kept,
});

const fromShared = ({ sandbox, kept }: Shared): Partial<Session> =>
  sandbox ? { ...sandbox, kept, error: undefined } : { kept };

let tellTabs: (shared: Shared) => void = () => {};
if (typeof window !== 'undefined') {
  session.set(fromShared(storedSandbox(Date.now())));
  tellTabs = joinTabs(
    () => sharedOf(session.get()),
    (shared) => {
      session.set(fromShared(shared));
      storeSandbox(sharedOf(session.get()));
    },
  );
}

/** Changes the current sandbox here, in storage and in every other tab. */
function change(next: Partial<Session>) {
  session.set(next);
  const shared = sharedOf(session.get());
  storeSandbox(shared);
  tellTabs(shared);
}

/** The current sandbox, re-rendering when it changes. */
export const useSession = () => useStore(session);

/** Subscribes to changes of the token, for the inbox feed. */
export const subscribeToSession = session.subscribe;

/** The current token while it is valid. */
export function validToken(): string | undefined {
  const { token, expiresAt = 0 } = session.get();
  return token && expiresAt - Date.now() > EXPIRY_MARGIN_MS ? token : undefined;
}

/** Makes a newly issued token the current sandbox, in every tab. */
export function adoptToken(token: string, expiresInSeconds: number) {
  change({ token, expiresAt: Date.now() + expiresInSeconds * 1000, error: undefined, ids: [] });
}

/** Exchanges the public sandbox key pair for a new token: a new, empty sandbox. */
export async function requestToken(): Promise<string> {
  session.set({ pending: true, error: undefined });
  try {
    const response = await fetch(sandboxRoute(TOKEN_PATH), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        public_key: SANDBOX_KEY_PAIR.publicKey,
        private_key: SANDBOX_KEY_PAIR.privateKey,
      }),
    });
    const body = (await response.json().catch(() => null)) as {
      access_token?: string;
      expires_in?: number;
    } | null;
    if (!response.ok || !body?.access_token) throw new Error(sandboxFailure(response.status, body));
    adoptToken(body.access_token, body.expires_in ?? 0);
    return body.access_token;
  } catch (error) {
    session.set({ error: (error as Error).message });
    throw error;
  } finally {
    session.set({ pending: false });
  }
}

/**
 * Resumes the sandbox of a token the reader has (from a terminal, another browser): the sandbox
 * checks it first, and a token it refuses rejects with the sandbox's own message, stored nowhere.
 */
export async function resumeToken(pasted: string): Promise<void> {
  const token = pasted.trim();
  let response: Response;
  try {
    response = await fetch(sandboxRoute(CHECK_PATH), {
      headers: { authorization: `Bearer ${token}` },
    });
  } catch {
    throw new Error('The sandbox could not be reached. Check your connection and try again.');
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw new Error(sandboxFailure(response.status, body));
  const expiresAt = tokenExpiresAt(token);
  if (!expiresAt) throw new Error('The sandbox accepted this token but its expiry is unreadable.');
  change({ token, expiresAt, error: undefined, ids: [] });
}

/** Keeps the current sandbox on this device beyond the browser session, or forgets it there. */
export function keepOnDevice(kept: boolean) {
  change({ kept });
}

/** The current token, or a new one when there is none or it is about to expire. */
export async function ensureToken(): Promise<string> {
  return validToken() ?? requestToken();
}

/** Remembers the IDs an answer names (`cus_…`, `ch_…`) for the ID fields of later requests. */
export function rememberIds(answer: unknown) {
  const found = [...idsIn(answer)];
  if (!found.length) return;
  const ids = [...new Set([...found, ...session.get().ids])].slice(0, MAX_REMEMBERED_IDS);
  change({ ids });
}
