// Benchmarks only the embedded search service of the last build (NEXT_DIST_DIR, default .next) on
// 127.0.0.1: latency and throughput at 1 and 50 connections, with the service's answer cache on
// (the default) and off (SEARCH_RESULT_CACHE_SIZE=0: every answer computed), and the size of
// the index. `npm run bench` measures it too, with the cache off, with everything else.
// Run after `npm run build`: npm run bench:search
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { RECORDS_FILE } from '../lib/search/records-file.ts';
import { startSite } from './lib/site-server.ts';
import { measureLoad } from './bench/http-load.mjs';
import { SEARCH_PATH, SEARCH_REQUESTS } from './bench/search-queries.mjs';

const DURATION_S = 10;
const CACHES = [
  { cache: 'on', env: {} },
  { cache: 'off', env: { SEARCH_RESULT_CACHE_SIZE: '0' } },
];
const tenths = (milliseconds) => Math.round(milliseconds * 10) / 10;

const rows = [];
for (const { cache, env } of CACHES) {
  // One client sends every search, so its per-client limit is lifted.
  const site = await startSite({ env: { ...env, SEARCH_RATE_LIMIT: '100000000' } });
  try {
    // Warm up: the index is built on the first request of the process.
    await fetch(site.url + SEARCH_PATH, { method: 'POST', body: SEARCH_REQUESTS[0].body });
    for (const connections of [1, 50]) {
      const result = await measureLoad({
        baseUrl: site.url,
        requests: SEARCH_REQUESTS,
        connections,
        durationS: DURATION_S,
      });
      rows.push({
        'answer cache': cache,
        connections,
        'req/s': result.requestsPerSecond,
        'p50 ms': tenths(result.p50),
        'p95 ms': tenths(result.p95),
        'p99 ms': tenths(result.p99),
        failures: result.errors + result.non2xx,
      });
    }
  } finally {
    await site.stop();
  }
}

const records = JSON.parse(await readFile(RECORDS_FILE, 'utf8'));
console.log(
  `Index: ${records.length} records, ${(statSync(RECORDS_FILE).size / 1024).toFixed(1)} KiB of JSON`,
);
console.table(rows);
