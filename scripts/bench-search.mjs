// Benchmarks the embedded search service on 127.0.0.1: latency percentiles and throughput for a
// fixed list of 50 queries at 1 and 50 connections, plus the size of the index.
// Run after `npm run build`: npm run bench:search
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

const QUERIES = [
  'refund',
  'refnd',
  'charge',
  'capture a charge',
  'webhook signature',
  'idempotency',
  'pagination',
  'cursor',
  'starting_after',
  'error codes',
  'authentication',
  'token',
  'api key',
  'rotate keys',
  'sandbox',
  'go live',
  'payment link',
  'hosted checkout',
  'ecommerce order',
  'tokenised card',
  'save a card',
  'open banking',
  'aisp consent',
  'balance',
  'ledger entry',
  'settlement',
  'reconcile',
  'chargeback evidence',
  'dispute',
  'disbursement',
  'pay suppliers',
  'beneficiary',
  'booking',
  'booking component',
  'credit note',
  'currency',
  'minor units',
  'scheduled payment',
  'instalment',
  'customer',
  'organisation',
  'audit log',
  'transactions',
  'enums',
  'rate limit',
  'retry',
  'sdk',
  'node',
  'POST /v1/charges',
  'kestrel-signature',
];
const DURATION_S = 10;

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});

if (!existsSync('.next/BUILD_ID') || !existsSync('.search/records.json')) {
  console.error('Run `npm run build` first.');
  process.exit(1);
}
const site = spawn(
  process.execPath,
  ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(port)],
  {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  },
);
const base = `http://127.0.0.1:${port}`;
const path =
  '/api/search/1/indexes/*/queries?x-algolia-application-id=kestrel-docs&x-algolia-api-key=kestrel-docs-search-only';
for (let attempt = 0; ; attempt += 1) {
  try {
    await fetch(base, { method: 'HEAD' });
    break;
  } catch {
    if (attempt > 150) throw new Error('The site did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const requests = QUERIES.map((query) => ({
  method: 'POST',
  path,
  headers: { 'content-type': 'text/plain' },
  body: JSON.stringify({ requests: [{ indexName: 'kestrel_docs', query, hitsPerPage: 5 }] }),
}));
// Warm up: the index is built on the first request of the process.
await fetch(base + path, { method: 'POST', body: requests[0].body });

const rows = [];
for (const connections of [1, 50]) {
  const result = await autocannon({ url: base, connections, duration: DURATION_S, requests });
  rows.push({
    connections,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    // autocannon reports p97.5 as its nearest percentile to p95.
    'p97.5 ms': result.latency.p97_5,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  });
}
site.kill('SIGTERM');

const records = JSON.parse(
  await (await import('node:fs/promises')).readFile('.search/records.json', 'utf8'),
);
console.log(
  `Index: ${records.length} records, ${(statSync('.search/records.json').size / 1024).toFixed(1)} KiB of JSON`,
);
console.table(rows);
