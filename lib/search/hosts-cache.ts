import type { Cache, CacheEvents } from '@algolia/client-common';
import { SEARCH_HOST_COOLDOWN_MS } from './config';

type Key = string | Record<string, unknown>;

/** One key per host: protocol, address and accept mode, whatever else the record carries. */
function keyOf(key: Key): string {
  if (typeof key === 'string') return key;
  const { protocol = 'https', url, port, accept = 'readWrite' } = key;
  return `${protocol}://${url}${port ? `:${port}` : ''}|${accept}`;
}

/**
 * The client's record of hosts that failed. The client writes a host together with its state
 * and reads it back by its plain description, so both are keyed by the same fields here, and
 * values stay objects (their isUp/isTimedOut methods survive). A failed host is skipped for
 * SEARCH_HOST_COOLDOWN_MS, then tried again.
 */
export function createHostsCache(now: () => number = Date.now): Cache {
  const entries = new Map<string, unknown>();
  return {
    get<T>(key: Key, defaultValue: () => Promise<T>, events?: CacheEvents<T>) {
      const entry = entries.get(keyOf(key)) as { lastUpdate?: number } | undefined;
      if (entry && now() - (entry.lastUpdate ?? 0) <= SEARCH_HOST_COOLDOWN_MS) {
        return Promise.resolve(entry as T);
      }
      entries.delete(keyOf(key));
      const value = defaultValue();
      return value.then((resolved) => events?.miss?.(resolved)).then(() => value);
    },
    set<T>(key: Key, value: T) {
      entries.set(keyOf(key), value);
      return Promise.resolve(value);
    },
    delete(key: Key) {
      entries.delete(keyOf(key));
      return Promise.resolve();
    },
    clear() {
      entries.clear();
      return Promise.resolve();
    },
  };
}
