import { createSearchClient, embeddedHosts } from './client';
import {
  EMBEDDED_SEARCH,
  HIGHLIGHT_TAGS,
  SEARCH_CLIENT_CACHE_QUERIES,
  SEARCH_HITS_PER_PAGE,
} from './config';
import { toHitViews, type HitView } from './hit-view';
import { forInsights } from './insights';
import { latestOnly } from './latest-only';
import { sendsSearchInsights, siteSearchTarget as target } from './site-target';

// One client per page load, so hosts that failed stay skipped across openings of the dialog.
let client: ReturnType<typeof createSearchClient> | undefined;
function searchClient() {
  client ??= createSearchClient(
    target,
    target.kind === 'embedded'
      ? { hosts: embeddedHosts(window.location, EMBEDDED_SEARCH.path) }
      : {},
  );
  return client;
}

/** The reader the insights plugin reports events for, once it knows them. */
let insightsUserToken: string | undefined;

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
        // With insights on, the service answers with the query id clicks are reported against.
        ...(sendsSearchInsights ? { clickAnalytics: true } : {}),
        ...(sendsSearchInsights && insightsUserToken ? { userToken: insightsUserToken } : {}),
      },
    ],
  });
  const first = results[0];
  if (!first || !('hits' in first)) return [];
  const hits = toHitViews(first.hits);
  return sendsSearchInsights ? forInsights(hits, first, target) : hits;
}

const askNewest = latestOnly(askService, SEARCH_CLIENT_CACHE_QUERIES);

/**
 * The hits for `query`: none for a blank query, without asking; while typing, only the newest
 * query is sent; any failure, after the client's retries, is simply no hits (SPEC 8).
 * `userToken` is the reader the insights plugin knows, when it is on.
 */
export async function findHits(query: string, userToken?: string): Promise<HitView[]> {
  if (!query.trim()) return [];
  insightsUserToken = userToken;
  try {
    return await askNewest(query);
  } catch {
    return [];
  }
}
