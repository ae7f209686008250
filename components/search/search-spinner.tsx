/** The spinner the search field shows while a search is stalled (SPEC 4). */
export function SearchSpinner() {
  return (
    <span
      role="status"
      aria-label="Searching"
      data-slot="search-spinner"
      className="absolute top-1/2 right-4 size-4 -translate-y-1/2 animate-spin rounded-full border-2 border-zinc-300 border-t-emerald-600 dark:border-zinc-700 dark:border-t-emerald-400"
    />
  );
}
