import type { AutocompleteCollection } from '@algolia/autocomplete-core';
import type { HitView } from '@/lib/search/hit-view';
import { SearchHit } from './search-hit';
import type { SearchAutocomplete } from './use-search-autocomplete';

type SearchResultsProps = {
  autocomplete: SearchAutocomplete;
  collection: AutocompleteCollection<HitView> | undefined;
  query: string;
  /** True once the search has answered: only then does "nothing found" mean it. */
  idle: boolean;
  /**
   * True while a newer query than these hits' is stalled: they stay readable, as the spinner
   * runs, but are marked busy and lose their highlight colour (it marked an older query).
   */
  stale: boolean;
  onSelect: (path: string) => void;
};

/** The hits as a listbox, or the message that nothing was found (SPEC 2.5, 8). */
export function SearchResults({
  autocomplete,
  collection,
  query,
  idle,
  stale,
  onSelect,
}: SearchResultsProps) {
  const hits = collection?.items ?? [];
  if (collection && hits.length > 0) {
    return (
      <ul
        {...autocomplete.getListProps({ source: collection.source })}
        aria-busy={stale}
        className="divide-y divide-zinc-900/5 transition aria-busy:grayscale dark:divide-white/5"
      >
        {hits.map((hit) => {
          const itemProps = autocomplete.getItemProps({ item: hit, source: collection.source });
          return (
            <li
              key={hit.objectID}
              {...itemProps}
              onClick={(event) => {
                itemProps.onClick(event);
                onSelect(hit.path);
              }}
              data-slot="search-hit"
              data-path={hit.path}
              className="block cursor-pointer px-4 py-3 aria-selected:bg-zinc-50 dark:aria-selected:bg-white/5"
            >
              <SearchHit hit={hit} />
            </li>
          );
        })}
      </ul>
    );
  }
  if (!idle) return null;
  return (
    <p
      data-slot="search-empty"
      className="px-6 py-8 text-center text-sm text-zinc-600 dark:text-zinc-400"
    >
      Nothing found for ‘
      <strong className="font-semibold break-words text-zinc-900 dark:text-white">{query}</strong>
      ’. Please try again.
    </p>
  );
}
