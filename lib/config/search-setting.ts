// Whether search uses the hosted index or the site's embedded service: decided here only, for the
// dialog, the Content-Security-Policy and the upload script alike. No dependencies: it also runs
// in the browser, where the values were already validated by the build.

export type SearchSetting =
  | { kind: 'embedded' }
  | { kind: 'hosted'; appId: string; apiKey: string; indexName: string; insights: boolean };

export type SearchVariables = {
  NEXT_PUBLIC_SEARCH_APP_ID?: string;
  NEXT_PUBLIC_SEARCH_API_KEY?: string;
  NEXT_PUBLIC_SEARCH_INDEX?: string;
  NEXT_PUBLIC_SEARCH_INSIGHTS?: string;
};

const HOSTED_VARIABLES = [
  'NEXT_PUBLIC_SEARCH_APP_ID',
  'NEXT_PUBLIC_SEARCH_API_KEY',
  'NEXT_PUBLIC_SEARCH_INDEX',
] as const;

/** The hosted index when all three variables are set, the embedded service when none is. */
export function searchSetting(variables: SearchVariables): SearchSetting {
  const value = (name: keyof SearchVariables) => variables[name]?.trim() || undefined;
  const missing = HOSTED_VARIABLES.filter((name) => !value(name));
  if (missing.length === HOSTED_VARIABLES.length) return { kind: 'embedded' };
  if (missing.length) {
    throw new Error(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set: set ${HOSTED_VARIABLES.join(', ')} to search the hosted index, or none of them to use the embedded search.`,
    );
  }
  const appId = value('NEXT_PUBLIC_SEARCH_APP_ID')!;
  // The id becomes part of host names and of the Content-Security-Policy.
  if (!/^[A-Za-z0-9]+$/.test(appId)) {
    throw new Error(
      `NEXT_PUBLIC_SEARCH_APP_ID must be letters and digits only (got "${appId}"): copy the application id from the search service's dashboard.`,
    );
  }
  return {
    kind: 'hosted',
    appId,
    apiKey: value('NEXT_PUBLIC_SEARCH_API_KEY')!,
    indexName: value('NEXT_PUBLIC_SEARCH_INDEX')!,
    insights: value('NEXT_PUBLIC_SEARCH_INSIGHTS') === 'true',
  };
}
