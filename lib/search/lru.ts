/** A map that keeps at most `capacity` entries, forgetting the least recently used first. */
export function createLru<V>(capacity: number) {
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        // Re-inserting moves the entry to the end: Map keeps insertion order.
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: V) {
      if (capacity <= 0) return;
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}
