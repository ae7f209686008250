import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import { SEARCH_QUERY_MAX_LENGTH } from '@/lib/site';
import { HIGHLIGHT_TAGS, SEARCH_HITS_PER_PAGE } from './config';
import type { SearchEngine } from './engine';
import { MAX_QUERY_TERMS } from './terms';

/** Largest request body the embedded service reads. */
export const MAX_BODY_BYTES = 100_000;
/** Most queries one request may carry. */
export const MAX_QUERIES_PER_REQUEST = 5;
/** Most hits one query may ask for. */
export const MAX_HITS_PER_PAGE = 20;
/** Most words the queries of one request search together; each gets an equal share. */
export const MAX_REQUEST_TERMS = 15;
/** Longest highlight tag, so no tag multiplies the size of an answer. */
export const MAX_HIGHLIGHT_TAG_LENGTH = 50;

const tag = z.string().max(MAX_HIGHLIGHT_TAG_LENGTH);

/** The parameters of one query, bounded alike whether sent as fields or in `params`. */
const searchParameters = z.object({
  query: z
    .string()
    .transform((query) => query.slice(0, SEARCH_QUERY_MAX_LENGTH))
    .optional(),
  hitsPerPage: z.coerce
    .number()
    .int()
    .positive()
    .transform((hits) => Math.min(hits, MAX_HITS_PER_PAGE))
    .optional(),
  highlightPreTag: tag.optional(),
  highlightPostTag: tag.optional(),
});

/** The older form: parameters as a URL-encoded string, or as an object. */
const params = z
  .union([
    z.string().transform((text) => Object.fromEntries(new URLSearchParams(text))),
    z.record(z.string(), z.unknown()),
  ])
  .pipe(searchParameters);

const queryRequest = searchParameters.extend({
  indexName: z.string().min(1).max(100),
  params: params.optional(),
});
const body = z.object({ requests: z.array(queryRequest).min(1).max(MAX_QUERIES_PER_REQUEST) });

export class SearchProtocolError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 413,
  ) {
    super(message);
  }
}

/** The parameters of one query: its own fields first, then its `params`, then the defaults. */
function optionsOf({ params = {}, ...fields }: z.infer<typeof queryRequest>) {
  return {
    query: fields.query ?? params.query ?? '',
    hitsPerPage: fields.hitsPerPage ?? params.hitsPerPage ?? SEARCH_HITS_PER_PAGE,
    pre: fields.highlightPreTag ?? params.highlightPreTag ?? HIGHLIGHT_TAGS.pre,
    post: fields.highlightPostTag ?? params.highlightPostTag ?? HIGHLIGHT_TAGS.post,
  };
}

/** Parses a multi-index queries body (sent as JSON or as `text/plain`), or throws a 400/413. */
export function parseQueriesBody(text: string) {
  if (text.length > MAX_BODY_BYTES) throw new SearchProtocolError('Request body is too large', 413);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SearchProtocolError('Request body is not valid JSON', 400);
  }
  const parsed = body.safeParse(json);
  if (!parsed.success) {
    const problem = parsed.error.issues[0];
    throw new SearchProtocolError(
      `Invalid request: ${problem?.path.join('.') || 'body'} ${problem?.message}`,
      400,
    );
  }
  return parsed.data.requests.map((request) => ({
    indexName: request.indexName,
    ...optionsOf(request),
  }));
}

let queryCounter = 0;

/**
 * Answers parsed queries the way the hosted service's multi-index queries endpoint does. The
 * queries share MAX_REQUEST_TERMS words, and each is answered in its own turn of the event
 * loop, so other requests go between them.
 */
export async function answerQueries(
  engine: SearchEngine,
  requests: ReturnType<typeof parseQueriesBody>,
) {
  const maxTerms = Math.min(MAX_QUERY_TERMS, Math.floor(MAX_REQUEST_TERMS / requests.length));
  const results = [];
  for (const [position, { indexName, query, hitsPerPage, pre, post }] of requests.entries()) {
    if (position > 0) await nextTurn();
    const started = performance.now();
    const { hits, nbHits } = engine.search(query, { hitsPerPage, pre, post, maxTerms });
    queryCounter += 1;
    results.push({
      hits,
      index: indexName,
      queryID: `${Date.now().toString(16)}${queryCounter.toString(16).padStart(8, '0')}`,
      nbHits,
      page: 0,
      nbPages: Math.ceil(nbHits / hitsPerPage),
      hitsPerPage,
      processingTimeMS: Math.round(performance.now() - started),
      query,
      params: new URLSearchParams({ query, hitsPerPage: String(hitsPerPage) }).toString(),
    });
  }
  return { results };
}
