// Stands in for the autocomplete's insights plugin in builds with search insights off
// (next.config.ts aliases the plugin's package here): the dialog never creates the plugin then,
// so its code stays out of the dialog's chunk.

/** Never called with insights off; says how to turn them on if it ever is. */
export function createAlgoliaInsightsPlugin(): never {
  throw new Error(
    'Search insights are off in this build: set NEXT_PUBLIC_SEARCH_INSIGHTS=true with the hosted search variables, then build again.',
  );
}
