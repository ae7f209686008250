import { searchTarget } from './config';

/** Where this build's dialog searches: the hosted index when configured at build time. */
export const siteSearchTarget = searchTarget({
  appId: process.env.NEXT_PUBLIC_SEARCH_APP_ID,
  apiKey: process.env.NEXT_PUBLIC_SEARCH_API_KEY,
  indexName: process.env.NEXT_PUBLIC_SEARCH_INDEX,
});

/** Viewed/clicked events go to the hosted service only, and only when asked for. */
export const sendsSearchInsights =
  siteSearchTarget.kind === 'hosted' && process.env.NEXT_PUBLIC_SEARCH_INSIGHTS === 'true';

/** The engine named in the dialog's "Search by" line. */
export const searchProviderName = siteSearchTarget.kind === 'hosted' ? 'Algolia' : 'MiniSearch';
