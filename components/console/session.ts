// The tab's sandbox: one bearer token, kept in memory only (never storage, never a URL), shared by
// the console, the webhook workbench and the flows, so they all see the same objects and events.
import { idsIn } from '@/lib/console/deliveries';
import { sandboxRoute } from '@/lib/routes';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { sandboxFailure } from './send';
import { createStore, useStore } from './store';

type Session = {
  token?: string;
  /** When the token stops working, in epoch milliseconds. */
  expiresAt?: number;
  pending: boolean;
  error?: string;
  /** IDs this tab's sandbox created, newest first, offered again in ID fields. */
  ids: string[];
};

/** The documented token request (Authentication page). */
const TOKEN_PATH = '/v1/auth/token';
/** A token this close to expiry is replaced before a request rather than fail in the middle. */
const EXPIRY_MARGIN_MS = 60_000;
const MAX_REMEMBERED_IDS = 50;

const session = createStore<Session>({ pending: false, ids: [] });

/** The tab's sandbox session, re-rendering when it changes. */
export const useSession = () => useStore(session);

/** Subscribes to changes of the token, for the inbox feed. */
export const subscribeToSession = session.subscribe;

/** The current token while it is valid. */
export function validToken(): string | undefined {
  const { token, expiresAt = 0 } = session.get();
  return token && expiresAt - Date.now() > EXPIRY_MARGIN_MS ? token : undefined;
}

/** Makes a token the tab's: a flow's token step opens the sandbox the rest of the page uses. */
export function adoptToken(token: string, expiresInSeconds: number) {
  session.set({
    token,
    expiresAt: Date.now() + expiresInSeconds * 1000,
    error: undefined,
    ids: [],
  });
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

/** The current token, or a new one when there is none or it is about to expire. */
export async function ensureToken(): Promise<string> {
  return validToken() ?? requestToken();
}

/** Remembers the IDs an answer names (`cus_…`, `ch_…`) for the ID fields of later requests. */
export function rememberIds(answer: unknown) {
  const found = [...idsIn(answer)];
  if (!found.length) return;
  const ids = [...new Set([...found, ...session.get().ids])].slice(0, MAX_REMEMBERED_IDS);
  session.set({ ids });
}
