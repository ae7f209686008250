import { z } from 'zod';
import type { SearchEngine } from './engine';
import { createLru } from './lru';

/** Answers kept by default: readers typing the same words share their prefixes' answers. */
const DEFAULT_RESULT_CACHE_SIZE = 500;

/** How many answers the embedded service keeps (SEARCH_RESULT_CACHE_SIZE; 0 turns it off). */
export function resultCacheSize(value: string | undefined): number {
  const given = value?.trim() || String(DEFAULT_RESULT_CACHE_SIZE);
  const parsed = z.coerce.number().int().min(0).max(100_000).safeParse(given);
  if (!parsed.success) {
    throw new Error(
      `SEARCH_RESULT_CACHE_SIZE must be a whole number from 0 (no cache) to 100000, not "${value}".`,
    );
  }
  return parsed.data;
}

/**
 * The engine behind a cache of its recent answers. An answer depends only on the query, the
 * hits asked for and the highlight tags, and the index never changes while the server runs.
 */
export function withResultCache(engine: SearchEngine, capacity: number): SearchEngine {
  if (capacity === 0) return engine;
  const answers = createLru<ReturnType<SearchEngine['search']>>(capacity);
  return {
    ...engine,
    search(query, options) {
      const key = JSON.stringify([query, options.hitsPerPage, options.pre, options.post]);
      let answer = answers.get(key);
      if (!answer) {
        answer = engine.search(query, options);
        answers.set(key, answer);
      }
      return answer;
    },
  };
}
