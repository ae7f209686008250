import { createSearchClient, embeddedHost } from './client';
import {
  EMBEDDED_SEARCH,
  HIGHLIGHT_TAGS,
  SEARCH_CLIENT_CACHE_QUERIES,
  SEARCH_HITS_PER_PAGE,
} from './config';
import { toHitViews, type HitView } from './hit-view';
import { latestOnly } from './latest-only';
import { siteSearchTarget as target } from './site-target';

// One client per page load, so hosts that failed stay skipped across openings of the dialog.
let client: ReturnType<typeof createSearchClient> | undefined;
function searchClient() {
  client ??= createSearchClient(
    target,
    target.kind === 'embedded'
      ? { hosts: [embeddedHost(window.location, EMBEDDED_SEARCH.path)] }
      : {},
  );
  return client;
}

/** Asks the service for the hits of `query`, keeping those the dialog can show. */
async function askService(query: string): Promise<HitView[]> {
  const { results } = await searchClient().search({
    requests: [
      {
        indexName: target.indexName,
        query,
        hitsPerPage: SEARCH_HITS_PER_PAGE,
        highlightPreTag: HIGHLIGHT_TAGS.pre,
        highlightPostTag: HIGHLIGHT_TAGS.post,
      },
    ],
  });
  const first = results[0];
  return toHitViews(first && 'hits' in first ? first.hits : []);
}

const askNewest = latestOnly(askService, SEARCH_CLIENT_CACHE_QUERIES);

/**
 * The hits for `query`: none for a blank query, without asking; while typing, only the newest
 * query is sent; any failure, after the client's retries, is simply no hits (SPEC 8).
 */
export async function findHits(query: string): Promise<HitView[]> {
  if (!query.trim()) return [];
  try {
    return await askNewest(query);
  } catch {
    return [];
  }
}
