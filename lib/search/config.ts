/** Search constants (SPEC 5, 7, 9) and where the client sends its queries. */

/** Hits shown per query. */
export const SEARCH_HITS_PER_PAGE = 5;
/** Loading longer than this shows the spinner ("stalled"). */
export const SEARCH_STALLED_MS = 300;
/** The client's per-attempt timeouts. */
export const SEARCH_TIMEOUTS = { connect: 1000, read: 2000, write: 30_000 } as const;
/** How long a host that failed is skipped before it is tried again. */
export const SEARCH_HOST_COOLDOWN_MS = 120_000;
/** Queries whose hits the dialog keeps, so going back to one asks the service nothing. */
export const SEARCH_CLIENT_CACHE_QUERIES = 50;
/** Searches one client may send per second, on average over the window below. */
export const SEARCH_REQUESTS_PER_SECOND = 20;
/** The window the search rate is counted over: a reader's burst of typing fits in it. */
export const SEARCH_RATE_WINDOW_SECONDS = 5;
/** Highlight tags asked of the service; the dialog turns them into <mark>, never into HTML. */
export const HIGHLIGHT_TAGS = { pre: '<mark>', post: '</mark>' } as const;

/** Credentials of the embedded service: public by design, like any search-only key. */
export const EMBEDDED_SEARCH = {
  appId: 'kestrel-docs',
  apiKey: 'kestrel-docs-search-only',
  indexName: 'kestrel_docs',
  // Path of the embedded service on the site; the client appends the multi-index queries path.
  path: '/api/search',
} as const;

export type SearchTarget =
  | { kind: 'embedded'; appId: string; apiKey: string; indexName: string }
  | { kind: 'hosted'; appId: string; apiKey: string; indexName: string };
