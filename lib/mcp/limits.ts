// The MCP server's limits, documented on the "Use with AI assistants" page.

/** MCP messages one client may send per second, averaged over the window below. */
export const MCP_REQUESTS_PER_SECOND = 20;
/** The window the rate above is counted over, so a burst of a few calls is not refused. */
export const MCP_RATE_WINDOW_SECONDS = 5;
/** The largest MCP message: a sandbox request body (32 KiB) or a webhook to verify, with room. */
export const MAX_MCP_BODY_BYTES = 128 * 1024;
/** Hits `search_docs` returns at most. */
export const MAX_SEARCH_HITS = 20;
/** Events `list_events` returns at most, newest first (the inbox keeps 100). */
export const MAX_LISTED_EVENTS = 50;
