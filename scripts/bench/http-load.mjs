import autocannon from 'autocannon';
import { percentile } from './stats.mjs';

/** What a browser sends with a page request; Next compresses its answer with gzip when asked. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

/**
 * Loads `baseUrl` with `connections` concurrent connections for `durationS` seconds, each
 * cycling through `requests`. Percentiles come from every response's own time, in ms.
 */
export async function measureLoad({ baseUrl, requests, connections, durationS, headers = {} }) {
  const latencies = [];
  const run = autocannon({ url: baseUrl, connections, duration: durationS, headers, requests });
  run.on('response', (_client, _status, _bytes, milliseconds) => latencies.push(milliseconds));
  const result = await run;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    /** Connection errors and timeouts. */
    errors: result.errors,
    /** Answers with a status outside 2xx. */
    non2xx: result.non2xx,
  };
}
