// The code sample language a reader picked, shared by every code group on every page.
import { site } from '@/lib/site';

/** What a reader picked: the tab title, and its language for groups without that title. */
export type CodePreference = { title: string; language?: string };

const STORAGE_KEY = site.storageKeys.codeLanguage;
const listeners = new Set<() => void>();
// Kept in memory too, so the choice holds for the visit when storage is unavailable.
let remembered: string | null = null;

function read(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? remembered;
  } catch {
    return remembered;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

/** Subscribes to changes made here, in other code groups or in other tabs of the browser. */
export function subscribeToPreference(listener: () => void) {
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

/** The stored preference as a string, so React can compare snapshots by value. */
export const preferenceSnapshot = read;

/** Remembers the reader's choice across code groups, pages and visits. */
export function storePreference(preference: CodePreference) {
  remembered = JSON.stringify(preference);
  try {
    window.localStorage.setItem(STORAGE_KEY, remembered);
  } catch {
    // Private modes may refuse storage; the in-memory choice still applies.
  }
  notify();
}

/** The tab a group shows: the preferred title, else the preferred language, else the first. */
export function preferredTab(
  snapshot: string | null,
  tabs: { title: string; language?: string }[],
): number {
  if (!snapshot) return 0;
  let preference: Partial<CodePreference>;
  try {
    preference = JSON.parse(snapshot) as Partial<CodePreference>;
  } catch {
    return 0;
  }
  const byTitle = tabs.findIndex((tab) => tab.title === preference.title);
  if (byTitle >= 0) return byTitle;
  const byLanguage = tabs.findIndex(
    (tab) => preference.language && tab.language === preference.language,
  );
  return Math.max(byLanguage, 0);
}
