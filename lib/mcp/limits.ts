// The MCP server's limits, documented on the "Use with AI assistants" page.

/** MCP messages one client may send per second. */
export const MCP_REQUESTS_PER_SECOND = 20;
/** The window the rate above is counted over: a second, as the sandbox counts its requests. */
export const MCP_RATE_WINDOW_MS = 1000;
/** The largest MCP message: a sandbox request body (32 KiB) or a webhook to verify, with room. */
export const MAX_MCP_BODY_BYTES = 128 * 1024;
/** The most a page or section read in one answer may weigh: over twice the largest page (106 KB). */
export const MAX_PAGE_ANSWER_BYTES = 256 * 1024;
/** Hits `search_docs` returns at most. */
export const MAX_SEARCH_HITS = 20;
/** Events `list_events` returns at most, newest first (the inbox keeps 100). */
export const MAX_LISTED_EVENTS = 50;
