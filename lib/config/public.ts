// The public part of the configuration, safe in the browser. Next inlines `process.env.NEXT_PUBLIC_*`
// only where each is written out in full, so each is read by name here and nowhere else. The build
// validates every value first (next.config.ts calls parseConfig), so nothing is re-checked here.
import { searchSetting } from './search-setting';

/** Where the site is served when NEXT_PUBLIC_SITE_URL is not set. */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

/** The site's public settings: its address, its search backend and its analytics script. */
export const publicConfig = {
  siteUrl: process.env.NEXT_PUBLIC_SITE_URL?.trim() || DEFAULT_SITE_URL,
  search: searchSetting({
    NEXT_PUBLIC_SEARCH_APP_ID: process.env.NEXT_PUBLIC_SEARCH_APP_ID,
    NEXT_PUBLIC_SEARCH_API_KEY: process.env.NEXT_PUBLIC_SEARCH_API_KEY,
    NEXT_PUBLIC_SEARCH_INDEX: process.env.NEXT_PUBLIC_SEARCH_INDEX,
    NEXT_PUBLIC_SEARCH_INSIGHTS: process.env.NEXT_PUBLIC_SEARCH_INSIGHTS,
  }),
  analyticsSrc: process.env.NEXT_PUBLIC_ANALYTICS_SRC?.trim() || undefined,
} as const;
