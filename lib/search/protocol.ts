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
/** Most hits one query may ask for; more is answered with this many. */
export const MAX_HITS_PER_PAGE = 20;
/** Deepest hit a query may page to, as the hosted service's default pagination limit. */
export const MAX_PAGED_HITS = 1000;
/** Most words the queries of one request search together; each gets an equal share. */
export const MAX_REQUEST_TERMS = 15;
/** Longest highlight tag, so no tag multiplies the size of an answer. */
export const MAX_HIGHLIGHT_TAG_LENGTH = 50;

const tag = z.string().max(MAX_HIGHLIGHT_TAG_LENGTH);

/**
 * A whole number, as JSON or as the digits of a `params` string; one beyond 2^53 is refused,
 * since what JSON reads is no longer the number sent.
 */
const wholeNumber = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], {
    error: 'must be a whole number',
  })
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER, 'is too large').int('must be a whole number'));

/** The last page a query of `hitsPerPage` may ask for, the hits up to MAX_PAGED_HITS. */
const lastPage = (hitsPerPage: number) => Math.ceil(MAX_PAGED_HITS / hitsPerPage) - 1;

/** The parameters of one query, bounded alike whether sent as fields or in `params`. */
const searchParameters = z.object({
  query: z
    .string()
    .transform((query) => query.slice(0, SEARCH_QUERY_MAX_LENGTH))
    .optional(),
  hitsPerPage: wholeNumber
    .pipe(z.number().min(1, 'must be at least 1'))
    .transform((hits) => Math.min(hits, MAX_HITS_PER_PAGE))
    .optional(),
  page: wholeNumber.pipe(z.number().min(0, 'must be 0 or more')).optional(),
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

/**
 * The parameters of query `position`: its own fields first, then its `params`, then the
 * defaults; a page beyond the MAX_PAGED_HITS first hits is refused.
 */
function optionsOf({ params = {}, ...fields }: z.infer<typeof queryRequest>, position: number) {
  const hitsPerPage = fields.hitsPerPage ?? params.hitsPerPage ?? SEARCH_HITS_PER_PAGE;
  const page = fields.page ?? params.page ?? 0;
  if (page > lastPage(hitsPerPage)) {
    throw new SearchProtocolError(
      `Invalid request: requests.${position}.page must be at most ${lastPage(hitsPerPage)} with ${hitsPerPage} hits per page: hits are paged up to the first ${MAX_PAGED_HITS}`,
      400,
    );
  }
  return {
    query: fields.query ?? params.query ?? '',
    hitsPerPage,
    page,
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
  return parsed.data.requests.map((request, position) => ({
    indexName: request.indexName,
    ...optionsOf(request, position),
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
  for (const [position, { indexName, query, hitsPerPage, page, pre, post }] of requests.entries()) {
    if (position > 0) await nextTurn();
    const started = performance.now();
    const { hits, nbHits } = engine.search(query, { hitsPerPage, page, pre, post, maxTerms });
    queryCounter += 1;
    results.push({
      hits,
      index: indexName,
      queryID: `${Date.now().toString(16)}${queryCounter.toString(16).padStart(8, '0')}`,
      nbHits,
      page,
      nbPages: Math.ceil(Math.min(nbHits, MAX_PAGED_HITS) / hitsPerPage),
      hitsPerPage,
      processingTimeMS: Math.round(performance.now() - started),
      query,
      params: new URLSearchParams({
        query,
        hitsPerPage: String(hitsPerPage),
        page: String(page),
      }).toString(),
    });
  }
  return { results };
}
