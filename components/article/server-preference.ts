// The server a reader picked for code samples, shared by every sample and "Copy as" on every page.
import { DEFAULT_SERVER, serverOf, type ServerId } from '@/lib/openapi/samples/servers';
import { site } from '@/lib/site';

const STORAGE_KEY = site.storageKeys.server;
const listeners = new Set<() => void>();
// Kept in memory too, so the choice holds for the visit when storage is unavailable.
let remembered: string | null = null;

/** The chosen server's id; the default until the reader picks one. */
export function serverSnapshot(): ServerId {
  let stored = remembered;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY) ?? remembered;
  } catch {
    // Storage refused: the in-memory choice stands.
  }
  return serverOf(stored).id;
}

/** The server rendered before the browser knows the reader's choice. */
export const serverOnServer = (): ServerId => DEFAULT_SERVER;

/** Subscribes to changes made on this page or in other tabs of the browser. */
export function subscribeToServer(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Remembers the reader's server across samples, pages and visits. */
export function storeServer(id: ServerId) {
  remembered = id;
  try {
    window.localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Private modes may refuse storage; the in-memory choice still applies.
  }
  for (const listener of listeners) listener();
}
