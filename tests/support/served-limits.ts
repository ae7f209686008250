// The limits the tests' shared production server runs with (tests/support/serve-build.ts). Every
// test reaches it from one address, many opening a sandbox of their own and the rules'
// conformance test sending hundreds of requests: the per-client defaults would refuse them. The
// sandbox's own tests hold it to its default limits, search's own test holds it to its rate, and the MCP server's its own.
export const SERVED_LIMITS = {
  SANDBOX_AUTH_RATE_LIMIT: '1000',
  SANDBOX_RATE_LIMIT: '1000',
  SEARCH_RATE_LIMIT: '1000',
  MCP_RATE_LIMIT: '1000',
} as const;
