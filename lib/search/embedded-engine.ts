// The embedded search index: built once per server process, when the server starts, so the
// first search after a start is as quick as any other.
import 'server-only';
import { readFileSync } from 'node:fs';
import { serverConfig } from '@/lib/config/server';
import { createSearchEngine, type SearchEngine } from './engine';
import type { SearchRecord } from './records';
import { RECORDS_FILE } from './records-file';
import { withResultCache } from './result-cache';

// The start hook and the search route are bundled apart, each with its own copy of this module:
// the index lives on the process so that both share one.
const ENGINE = Symbol.for('kestrel.search.engine');
const processWide = globalThis as typeof globalThis & { [ENGINE]?: SearchEngine };

/** Reads the build's records into an index behind its answer cache, and says so in the log. */
function buildEngine(): SearchEngine {
  const started = performance.now();
  const records = JSON.parse(readFileSync(RECORDS_FILE, 'utf8')) as SearchRecord[];
  const engine = withResultCache(createSearchEngine(records), serverConfig().searchResultCacheSize);
  const took = Math.round(performance.now() - started);
  console.info(`Search index: ${engine.size} records ready in ${took} ms`);
  return engine;
}

/** The process's index, built on first use. */
export function embeddedSearchEngine(): SearchEngine {
  processWide[ENGINE] ??= buildEngine();
  return processWide[ENGINE];
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
