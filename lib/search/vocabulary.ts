// The words the index holds, to tell a typo from a word the docs use.

/** A set of indexed words that also answers whether any word starts with a prefix. */
export function createVocabulary() {
  const words = new Set<string>();
  let sorted: string[] | null = null;
  return {
    add(word: string) {
      words.add(word);
      sorted = null;
    },
    /** True when the index holds `term`, or (for a prefix) a word starting with it. */
    knows(term: string, asPrefix: boolean): boolean {
      if (words.has(term)) return true;
      if (!asPrefix) return false;
      sorted ??= [...words].sort();
      // The first word not below `term` is the one that would start with it.
      let low = 0;
      let high = sorted.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (sorted[middle]! < term) low = middle + 1;
        else high = middle;
      }
      return sorted[low]?.startsWith(term) ?? false;
    },
  };
}
export type Vocabulary = ReturnType<typeof createVocabulary>;
