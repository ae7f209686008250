// Benchmarks only the MCP server of the last build (NEXT_DIST_DIR, default .next) on 127.0.0.1:
// tool-call latency with 1 and 20 sessions at once, each a client of its own with its own
// sandbox. `npm run bench` measures it too, with everything else.
// Run after `npm run build`: npm run bench:mcp
import { startSite } from './lib/site-server.ts';
import { MCP_BENCH_ENV, MCP_SESSIONS, measureMcpRounds } from './bench/mcp-load.mjs';

const tenths = (milliseconds) => Math.round(milliseconds * 10) / 10;
const site = await startSite({ env: MCP_BENCH_ENV });
try {
  const rounds = await measureMcpRounds(site.url);
  const rows = MCP_SESSIONS.map(({ sessions, callsPerSession }) => ({
    sessions,
    'tool calls': sessions * callsPerSession,
    'p50 ms': tenths(rounds[sessions].p50),
    'p95 ms': tenths(rounds[sessions].p95),
    failed: rounds[sessions].failed,
  }));
  console.table(rows);
} finally {
  await site.stop();
}
