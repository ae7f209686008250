'use client';

import { createAutocomplete, type AutocompleteState } from '@algolia/autocomplete-core';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { createSearchClient, embeddedHost } from '@/lib/search/client';
import {
  EMBEDDED_SEARCH,
  HIGHLIGHT_TAGS,
  SEARCH_HITS_PER_PAGE,
  SEARCH_STALLED_MS,
  searchTarget,
} from '@/lib/search/config';
import type { SearchHit as Hit } from '@/lib/search/engine';
import { SEARCH_QUERY_MAX_LENGTH } from '@/lib/site';
import { SearchHit } from './search-hit';

/** A touch that moves farther than this is a scroll (it closes the keyboard), not a tap. */
const TOUCH_SCROLL_THRESHOLD_PX = 30;

const target = searchTarget({
  appId: process.env.NEXT_PUBLIC_SEARCH_APP_ID,
  apiKey: process.env.NEXT_PUBLIC_SEARCH_API_KEY,
  indexName: process.env.NEXT_PUBLIC_SEARCH_INDEX,
});

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

/** The hits for `query`; any failure, after the client's retries, is simply no hits (SPEC 8). */
async function findHits(query: string): Promise<Hit[]> {
  try {
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
    return first && 'hits' in first ? (first.hits as unknown as Hit[]) : [];
  } catch {
    return [];
  }
}

/** A path on this site, or null for anything that would leave it. */
function sitePath(path: string): string | null {
  try {
    const url = new URL(path, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

const attribution = target.kind === 'hosted' ? 'Algolia' : 'MiniSearch';

/** The search dialog (SPEC 2.5, 4): an accessible combobox over the documentation. */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const router = useRouter();
  const pathname = usePathname();
  const openedOn = useRef(pathname);
  const dialog = useRef<HTMLDialogElement>(null);
  // Elements in state, not refs: autocomplete reads them while rendering.
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const touchStartY = useRef<number | null>(null);
  const closingKeyboard = useRef(false);
  const [state, setState] = useState<AutocompleteState<Hit> | null>(null);

  /** Goes to a hit on this site and closes the dialog (a same-page anchor changes no route). */
  const goTo = (itemUrl: string) => {
    const path = sitePath(itemUrl);
    if (!path) return;
    router.push(path);
    onClose();
  };

  const [autocomplete] = useState(() =>
    createAutocomplete<Hit, React.BaseSyntheticEvent, React.MouseEvent, React.KeyboardEvent>({
      id: 'search',
      placeholder: 'Find something...',
      defaultActiveItemId: 0,
      stallThreshold: SEARCH_STALLED_MS,
      openOnFocus: false,
      // Analytics (viewed/clicked events) only when asked for, and only with the hosted service.
      insights: target.kind === 'hosted' && process.env.NEXT_PUBLIC_SEARCH_INSIGHTS === 'true',
      shouldPanelOpen: ({ state: next }) => next.query !== '',
      onStateChange: ({ state: next }) => setState(next),
      navigator: {
        navigate: ({ itemUrl }) => goTo(itemUrl),
        navigateNewTab: ({ itemUrl }) => {
          const path = sitePath(itemUrl);
          if (path) window.open(path, '_blank', 'noopener');
        },
        navigateNewWindow: ({ itemUrl }) => {
          const path = sitePath(itemUrl);
          if (path) window.open(path, '_blank', 'noopener,popup');
        },
      },
      getSources: () => [
        {
          sourceId: 'docs',
          getItemUrl: ({ item }) => item.path,
          getItems: ({ query }) => findHits(query),
        },
      ],
    }),
  );

  useEffect(() => {
    dialog.current?.showModal();
    window.addEventListener('hashchange', onClose);
    return () => window.removeEventListener('hashchange', onClose);
  }, [onClose]);

  useEffect(() => {
    if (pathname !== openedOn.current) onClose();
  }, [pathname, onClose]);

  const query = state?.query ?? '';
  const isOpen = state?.isOpen ?? false;
  const collection = state?.collections[0];
  const hits = collection?.items ?? [];
  const inputProps = autocomplete.getInputProps({
    inputElement: input,
    maxLength: SEARCH_QUERY_MAX_LENGTH,
  });

  return (
    <dialog
      ref={dialog}
      aria-label="Search"
      data-slot="search-dialog"
      onClose={onClose}
      onCancel={(event) => {
        // Escape steps back one level: the panel, then the query, then the dialog.
        if (!isOpen && !query) return;
        event.preventDefault();
        if (isOpen) autocomplete.setIsOpen(false);
        else autocomplete.setQuery('');
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-zinc-400/25 backdrop:backdrop-blur-sm sm:px-6 sm:py-20 md:py-32 dark:backdrop:bg-black/40"
    >
      <div
        {...autocomplete.getRootProps({})}
        className="mx-auto w-full overflow-hidden bg-zinc-50 shadow-xl ring-1 ring-zinc-900/7.5 sm:max-w-xl sm:rounded-lg dark:bg-zinc-900 dark:ring-zinc-800"
      >
        <form
          {...autocomplete.getFormProps({ inputElement: input })}
          role="search"
          className="relative"
        >
          <label {...autocomplete.getLabelProps({})} className="sr-only">
            Search the documentation
          </label>
          <Icon
            name="search"
            className="pointer-events-none absolute top-0 left-3 h-full w-5 text-zinc-500"
          />
          <input
            ref={setInput}
            {...inputProps}
            type="search"
            autoFocus
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !isOpen && !query) {
                event.preventDefault();
                onClose();
                return;
              }
              inputProps.onKeyDown(event);
            }}
            onBlur={(event) => {
              // Losing focus closes the panel, unless focus moved into it or a scroll hid the keyboard.
              const next = event.relatedTarget as Node | null;
              if (closingKeyboard.current || (next && panel.current?.contains(next))) return;
              autocomplete.setIsOpen(false);
            }}
            className="h-12 w-full bg-transparent pr-12 pl-10 text-sm text-zinc-900 outline-none placeholder:text-zinc-500 dark:text-white [&::-webkit-search-cancel-button]:hidden"
          />
          {state?.status === 'stalled' && (
            <span
              role="status"
              aria-label="Searching"
              data-slot="search-spinner"
              className="absolute top-1/2 right-4 size-4 -translate-y-1/2 animate-spin rounded-full border-2 border-zinc-300 border-t-emerald-600 dark:border-zinc-700 dark:border-t-emerald-400"
            />
          )}
        </form>
        {isOpen && (
          <div
            ref={panel}
            {...autocomplete.getPanelProps({})}
            onTouchStart={(event) => {
              touchStartY.current = event.touches[0]?.clientY ?? null;
            }}
            onTouchMove={(event) => {
              const y = event.touches[0]?.clientY;
              if (touchStartY.current === null || y === undefined) return;
              if (Math.abs(y - touchStartY.current) > TOUCH_SCROLL_THRESHOLD_PX) {
                closingKeyboard.current = true;
                input?.blur();
                closingKeyboard.current = false;
              }
            }}
            className="border-t border-zinc-900/5 bg-white empty:hidden dark:border-white/5 dark:bg-white/2.5"
          >
            {hits.length > 0 && collection ? (
              <ul
                {...autocomplete.getListProps({ source: collection.source })}
                className="divide-y divide-zinc-900/5 dark:divide-white/5"
              >
                {hits.map((hit) => {
                  const itemProps = autocomplete.getItemProps({
                    item: hit,
                    source: collection.source,
                  });
                  return (
                    <li
                      key={hit.objectID}
                      {...itemProps}
                      onClick={(event) => {
                        itemProps.onClick(event);
                        goTo(hit.path);
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
            ) : (
              state?.status === 'idle' && (
                <p
                  data-slot="search-empty"
                  className="px-6 py-8 text-center text-sm text-zinc-600 dark:text-zinc-400"
                >
                  Nothing found for ‘
                  <strong className="font-semibold break-words text-zinc-900 dark:text-white">
                    {query}
                  </strong>
                  ’. Please try again.
                </p>
              )
            )}
          </div>
        )}
        <p className="border-t border-zinc-900/5 px-4 py-2 text-right text-xs text-zinc-500 dark:border-white/5 dark:text-zinc-400">
          Search by {attribution}
        </p>
      </div>
    </dialog>
  );
}
