// The words the index holds, to tell a typo from a word the docs use and to expand a prefix.

/** A count of indexed words that also answers which words start with a prefix. */
export function createVocabulary() {
  const counts = new Map<string, number>();
  let sorted: string[] | null = null;

  /** The position of the first word not below `term`: where words starting with it begin. */
  function firstFrom(term: string): [number, string[]] {
    sorted ??= [...counts.keys()].sort();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]! < term) low = middle + 1;
      else high = middle;
    }
    return [low, sorted];
  }

  return {
    /** Counts one occurrence of an indexed word. */
    add(word: string) {
      if (!counts.has(word)) sorted = null;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    },
    /** True when the index holds `term`, or (for a prefix) a word starting with it. */
    knows(term: string, asPrefix: boolean): boolean {
      if (counts.has(term)) return true;
      if (!asPrefix) return false;
      const [at, words] = firstFrom(term);
      return words[at]?.startsWith(term) ?? false;
    },
    /**
     * The words longer than `prefix` that start with it, or null when there are at most `limit`
     * of them (the index expands such a prefix itself); otherwise the `limit` most frequent of
     * those `kept`.
     */
    completions(prefix: string, limit: number, kept: (word: string) => boolean): string[] | null {
      const [start, words] = firstFrom(prefix);
      let end = start;
      while (end < words.length && words[end]!.startsWith(prefix)) end += 1;
      const longer = words.slice(start, end).filter((word) => word !== prefix);
      if (longer.length <= limit) return null;
      const byUse = (a: string, b: string) => counts.get(b)! - counts.get(a)! || (a < b ? -1 : 1);
      return longer.filter(kept).sort(byUse).slice(0, limit);
    },
  };
}
export type Vocabulary = ReturnType<typeof createVocabulary>;
