// The relevance gate: runs the query set of tests/relevance over the built search records with
// the embedded engine, prints "N/M in top 5" and every miss with what came instead, and fails
// below 90 %. Run after `npm run search:records`: npm run test:relevance
import { readFileSync } from 'node:fs';
import { createSearchEngine } from '@/lib/search/engine';
import { RECORDS_FILE } from '@/lib/search/records-file';
import type { SearchRecord } from '@/lib/search/records';
import { RELEVANCE_QUERIES } from '@/tests/relevance/queries';

const TOP = 5;
const REQUIRED_SHARE = 0.9;

/** True when `path` is an expected place: that anchor, or any part of an expected page. */
const isExpected = (path: string, expected: string[]) =>
  expected.some((place) =>
    place.includes('#') ? path === place : path === place || path.startsWith(`${place}#`),
  );

const records = JSON.parse(readFileSync(RECORDS_FILE, 'utf8')) as SearchRecord[];
const engine = createSearchEngine(records);
const misses = RELEVANCE_QUERIES.flatMap(({ query, expected }) => {
  const { hits } = engine.search(query, { hitsPerPage: TOP, pre: '', post: '' });
  const paths = hits.map((hit) => hit.path);
  return paths.some((path) => isExpected(path, expected)) ? [] : [{ query, expected, paths }];
});

const found = RELEVANCE_QUERIES.length - misses.length;
console.log(`${found}/${RELEVANCE_QUERIES.length} in top ${TOP}`);
for (const { query, expected, paths } of misses) {
  console.log(`  miss: "${query}" expected ${expected.join(' or ')}`);
  for (const path of paths) console.log(`        got ${path}`);
}
if (found < RELEVANCE_QUERIES.length * REQUIRED_SHARE) {
  console.log(`Fewer than ${REQUIRED_SHARE * 100} % found: improve the records or the engine.`);
  process.exit(1);
}
