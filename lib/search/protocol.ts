import { z } from 'zod';
import { SEARCH_QUERY_MAX_LENGTH } from '@/lib/site';
import { HIGHLIGHT_TAGS, SEARCH_HITS_PER_PAGE } from './config';
import type { SearchEngine } from './engine';

/** Largest request body the embedded service reads. */
export const MAX_BODY_BYTES = 100_000;
/** Most queries one request may carry. */
export const MAX_QUERIES_PER_REQUEST = 5;
/** Most hits one query may ask for. */
export const MAX_HITS_PER_PAGE = 20;

const queryRequest = z.object({
  indexName: z.string().min(1).max(100),
  query: z.string().optional(),
  params: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  hitsPerPage: z.coerce.number().int().positive().optional(),
  highlightPreTag: z.string().max(50).optional(),
  highlightPostTag: z.string().max(50).optional(),
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

/** The parameters of one query, from its fields or its URL-encoded `params` string. */
function optionsOf(request: z.infer<typeof queryRequest>) {
  const params =
    typeof request.params === 'string'
      ? Object.fromEntries(new URLSearchParams(request.params))
      : (request.params ?? {});
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const query = (request.query ?? text(params.query) ?? '').slice(0, SEARCH_QUERY_MAX_LENGTH);
  const hitsPerPage = Math.min(
    request.hitsPerPage ?? (Number(params.hitsPerPage) || SEARCH_HITS_PER_PAGE),
    MAX_HITS_PER_PAGE,
  );
  return {
    query,
    hitsPerPage,
    pre: request.highlightPreTag ?? text(params.highlightPreTag) ?? HIGHLIGHT_TAGS.pre,
    post: request.highlightPostTag ?? text(params.highlightPostTag) ?? HIGHLIGHT_TAGS.post,
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

/** Answers parsed queries the way the hosted service's multi-index queries endpoint does. */
export function answerQueries(engine: SearchEngine, requests: ReturnType<typeof parseQueriesBody>) {
  return {
    results: requests.map(({ indexName, query, hitsPerPage, pre, post }) => {
      const started = performance.now();
      const { hits, nbHits } = engine.search(query, { hitsPerPage, pre, post });
      queryCounter += 1;
      return {
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
      };
    }),
  };
}
