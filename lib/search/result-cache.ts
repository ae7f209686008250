import type { SearchEngine } from './engine';
import { createLru } from './lru';

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
