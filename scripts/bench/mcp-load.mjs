import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SEARCH_QUERIES } from './search-queries.mjs';
import { percentile } from './stats.mjs';
import { CHARGE, SANDBOX_BENCH_ENV } from './sandbox-load.mjs';

/** The server limits lifted for the benchmark: each session is a client of its own (TRUST_PROXY). */
export const MCP_BENCH_ENV = { ...SANDBOX_BENCH_ENV, MCP_RATE_LIMIT: '100000000' };

/** The rounds measured: one session alone, and twenty at once, 300 tool calls each. */
export const MCP_SESSIONS = [
  { sessions: 1, callsPerSession: 300 },
  { sessions: 20, callsPerSession: 15 },
];

/** Tool calls sessions take turns at: the docs tools and the sandbox's, as an assistant mixes them. */
const calls = (token, index) => [
  ['search_docs', { query: SEARCH_QUERIES[index % SEARCH_QUERIES.length] }],
  ['get_operation', { operation: 'createRefund', language: 'python' }],
  ['call_api', { token, method: 'POST', path: '/v1/charges', body: CHARGE }],
  ['read_page', { page: '/resources/refunds', section: 'create-a-refund' }],
  ['list_events', { token, limit: 5 }],
];
const KINDS = calls('', 0).length;

/**
 * Runs `sessions` MCP clients at once against `<baseUrl>/mcp`, each from an address of its own,
 * opening a sandbox and making `callsPerSession` tool calls in turn; returns the latency
 * percentiles of the calls, in ms, and how many failed or answered an error.
 */
export async function measureMcpToolCalls({ baseUrl, sessions, callsPerSession }) {
  const latencies = [];
  let failed = 0;
  const session = async (index) => {
    const client = new Client({ name: 'kestrel-bench', version: '1.0.0' });
    const headers = { 'x-forwarded-for': `10.2.${index}.1` };
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }),
    );
    try {
      const opened = await client.callTool({ name: 'open_sandbox', arguments: {} });
      const { token } = JSON.parse(opened.content[0].text);
      for (let call = 0; call < callsPerSession; call += 1) {
        const [name, args] = calls(token, index + call)[call % KINDS];
        const started = performance.now();
        try {
          const result = await client.callTool({ name, arguments: args });
          if (result.isError) failed += 1;
        } catch {
          failed += 1;
        }
        latencies.push(performance.now() - started);
      }
    } finally {
      await client.close();
    }
  };
  await Promise.all(Array.from({ length: sessions }, (_, index) => session(index)));
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), failed };
}

/** Each round of MCP_SESSIONS, after a short warm-up, by its count of sessions. */
export async function measureMcpRounds(baseUrl) {
  await measureMcpToolCalls({ baseUrl, sessions: 2, callsPerSession: 10 });
  const rounds = {};
  for (const { sessions, callsPerSession } of MCP_SESSIONS) {
    rounds[sessions] = await measureMcpToolCalls({ baseUrl, sessions, callsPerSession });
  }
  return rounds;
}
