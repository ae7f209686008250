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

/** The index over the build's records, behind its answer cache. */
export function embeddedSearchEngine(): SearchEngine {
  processWide[ENGINE] ??= withResultCache(
    createSearchEngine(JSON.parse(readFileSync(RECORDS_FILE, 'utf8')) as SearchRecord[]),
    serverConfig().searchResultCacheSize,
  );
  return processWide[ENGINE];
}

/** Builds the index now and says so; a missing records file is reported, never fatal. */
export function prepareEmbeddedSearch(log: Pick<Console, 'info' | 'error'> = console): void {
  const started = performance.now();
  try {
    const { size } = embeddedSearchEngine();
    log.info(
      `Search index: ${size} records ready in ${Math.round(performance.now() - started)} ms`,
    );
  } catch (error) {
    log.error(
      `Search index not built (${(error as Error).message}): run \`npm run search:records\` before starting the server.`,
    );
  }
}
