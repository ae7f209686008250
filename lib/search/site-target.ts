import { publicConfig } from '@/lib/config/public';
import { EMBEDDED_SEARCH, type SearchTarget } from './config';

const { search } = publicConfig;

/** Where this build's dialog searches: the hosted index when configured at build time. */
export const siteSearchTarget: SearchTarget =
  search.kind === 'hosted'
    ? { kind: 'hosted', appId: search.appId, apiKey: search.apiKey, indexName: search.indexName }
    : { kind: 'embedded', ...EMBEDDED_SEARCH };

/** Viewed/clicked events go to the hosted service only, and only when asked for. */
export const sendsSearchInsights = search.kind === 'hosted' && search.insights;

/** The engine named in the dialog's "Search by" line. */
export const searchProviderName = siteSearchTarget.kind === 'hosted' ? 'Algolia' : 'MiniSearch';
