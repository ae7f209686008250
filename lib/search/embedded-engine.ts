// The embedded search index, built once per module instance: the production server builds its
// own as it starts (lib/search/direct-service.ts), so the first search is as quick as any other;
// the endpoint's route, which answers under `next dev`, on its first search.
import 'server-only';
import { readFileSync } from 'node:fs';
import { serverConfig } from '@/lib/config/server';
import { createSearchEngine, type SearchEngine } from './engine';
import type { SearchRecord } from './records';
import { RECORDS_FILE } from './records-file';
import { withResultCache } from './result-cache';

let engine: SearchEngine | undefined;

/** Reads the build's records into an index behind its answer cache, and says so in the log. */
function buildEngine(): SearchEngine {
  const started = performance.now();
  const records = JSON.parse(readFileSync(RECORDS_FILE, 'utf8')) as SearchRecord[];
  const engine = withResultCache(createSearchEngine(records), serverConfig().searchResultCacheSize);
  const took = Math.round(performance.now() - started);
  console.info(`Search index: ${engine.size} records ready in ${took} ms`);
  return engine;
}

/** The index, built on first use. */
export function embeddedSearchEngine(): SearchEngine {
  engine ??= buildEngine();
  return engine;
}

/** Builds the index now; a missing records file is reported, never fatal to the server. */
export function prepareEmbeddedSearch(): void {
  try {
    embeddedSearchEngine();
  } catch (error) {
    console.error(
      `Search index not built (${(error as Error).message}): run \`npm run search:records\` before starting the server.`,
    );
  }
}
