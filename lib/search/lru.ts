/**
 * A map that keeps at most `capacity` entries and `maxBytes` bytes of them in all, forgetting
 * the least recently used first.
 */
export function createLru<V>(capacity: number, maxBytes = Infinity) {
  const entries = new Map<string, { value: V; bytes: number }>();
  let bytes = 0;
  const forget = (key: string) => {
    bytes -= entries.get(key)?.bytes ?? 0;
    entries.delete(key);
  };
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (entry !== undefined) {
        // Re-inserting moves the entry to the end: Map keeps insertion order.
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry?.value;
    },
    /** Keeps `value`, counted as `size` bytes; one larger than the whole budget is not kept. */
    set(key: string, value: V, size = 0) {
      forget(key);
      if (capacity <= 0 || size > maxBytes) return;
      entries.set(key, { value, bytes: size });
      bytes += size;
      while (entries.size > capacity || bytes > maxBytes) forget(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
    /** The bytes the kept entries were counted as. */
    get bytes() {
      return bytes;
    },
  };
}
