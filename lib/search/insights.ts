// What the insights plugin of the autocomplete reads from each hit to send viewed and clicked
// events to the hosted service: the index and query that answered it, and whom to report to.
import type { SearchTarget } from './config';
import type { HitView } from './hit-view';

/** A hit with the fields the plugin reports it by (their names are the plugin's). */
export type InsightsHit = HitView & {
  __autocomplete_indexName: string;
  __autocomplete_queryID: string;
  __autocomplete_algoliaCredentials: { appId: string; apiKey: string };
};

/** The hits of one answer, each carrying where it came from; unchanged without a query id. */
export function forInsights(
  hits: HitView[],
  answer: { index?: string; queryID?: string },
  target: Pick<SearchTarget, 'appId' | 'apiKey' | 'indexName'>,
): HitView[] {
  const { queryID } = answer;
  if (!queryID) return hits;
  return hits.map((hit): InsightsHit => ({
    ...hit,
    __autocomplete_indexName: answer.index ?? target.indexName,
    __autocomplete_queryID: queryID,
    __autocomplete_algoliaCredentials: { appId: target.appId, apiKey: target.apiKey },
  }));
}
