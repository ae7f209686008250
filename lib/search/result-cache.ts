import type { SearchEngine } from './engine';
import { createLru } from './lru';

/** Most bytes of answers the cache holds in all, whatever SEARCH_RESULT_CACHE_SIZE allows. */
export const SEARCH_RESULT_CACHE_BYTES = 8 * 1024 * 1024;
/** An answer larger than this is answered but not kept: it would push out dozens of others. */
export const MAX_CACHED_ANSWER_BYTES = 256 * 1024;

type Answer = ReturnType<SearchEngine['search']>;

/** The bytes an answer and its key take, as the JSON the service sends them in. */
const bytesOf = (key: string, answer: Answer) => key.length + JSON.stringify(answer).length;

/**
 * The engine behind a cache of its recent answers, at most `capacity` of them and
 * `maxBytes` in all. An answer depends only on the query, the hits and page asked for, the highlight
 * tags and the words searched, and the index never changes while the server runs.
 */
export function withResultCache(
  engine: SearchEngine,
  capacity: number,
  { maxBytes = SEARCH_RESULT_CACHE_BYTES, maxAnswerBytes = MAX_CACHED_ANSWER_BYTES } = {},
): SearchEngine {
  if (capacity === 0) return engine;
  const answers = createLru<Answer>(capacity, maxBytes);
  return {
    ...engine,
    search(query, options) {
      const { hitsPerPage, page = 0, pre, post, maxTerms } = options;
      const key = JSON.stringify([query, hitsPerPage, page, pre, post, maxTerms]);
      let answer = answers.get(key);
      if (!answer) {
        answer = engine.search(query, options);
        const bytes = bytesOf(key, answer);
        if (bytes <= maxAnswerBytes) answers.set(key, answer, bytes);
      }
      return answer;
    },
  };
}
