'use client';

import { createAutocomplete, type AutocompleteState } from '@algolia/autocomplete-core';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { SEARCH_STALLED_MS } from '@/lib/search/config';
import { findHits } from '@/lib/search/find-hits';
import type { HitView } from '@/lib/search/hit-view';
import { sendsSearchInsights } from '@/lib/search/site-target';
import { SEARCH_COMBOBOX_ID } from './search-field';

/** A path on this site, or null for anything that would leave it. */
function sitePath(path: string): string | null {
  try {
    const url = new URL(path, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** The reader's token the insights plugin keeps in the autocomplete's context, when it is on. */
function insightsUserToken(context: Record<string, unknown>): string | undefined {
  const plugin = context.algoliaInsightsPlugin as
    { __algoliaSearchParameters?: { userToken?: unknown } } | undefined;
  const token = plugin?.__algoliaSearchParameters?.userToken;
  return typeof token === 'string' ? token : undefined;
}

/** A query of spaces only is an empty query (SPEC 5). */
const isBlank = (query: string) => query.trim() === '';

/**
 * The dialog's autocomplete state (SPEC 4): query, panel, active hit, status and navigation.
 * It starts from `initialQuery`, what was typed before this code arrived, and searches it.
 */
export function useSearchAutocomplete({
  initialQuery,
  onClose,
}: {
  initialQuery: string;
  onClose: () => void;
}) {
  const router = useRouter();
  const [state, setState] = useState<AutocompleteState<HitView> | null>(null);

  /** Goes to a hit on this site and closes the dialog (a same-page anchor changes no route). */
  const goTo = (itemUrl: string) => {
    const path = sitePath(itemUrl);
    if (!path) return;
    router.push(path);
    onClose();
  };
  const openNew = (itemUrl: string, features: string) => {
    const path = sitePath(itemUrl);
    if (path) window.open(path, '_blank', features);
  };

  const [autocomplete] = useState(() =>
    createAutocomplete<HitView, React.BaseSyntheticEvent, React.MouseEvent, React.KeyboardEvent>({
      id: SEARCH_COMBOBOX_ID,
      initialState: { query: initialQuery },
      defaultActiveItemId: 0,
      stallThreshold: SEARCH_STALLED_MS,
      openOnFocus: false,
      insights: sendsSearchInsights,
      shouldPanelOpen: ({ state: next }) => !isBlank(next.query),
      onStateChange: ({ state: next }) => setState(next),
      navigator: {
        navigate: ({ itemUrl }) => goTo(itemUrl),
        navigateNewTab: ({ itemUrl }) => openNew(itemUrl, 'noopener'),
        navigateNewWindow: ({ itemUrl }) => openNew(itemUrl, 'noopener,popup'),
      },
      getSources: () => [
        {
          sourceId: 'docs',
          getItemUrl: ({ item }) => item.path,
          getItems: ({ query, state }) => findHits(query, insightsUserToken(state.context)),
        },
      ],
    }),
  );

  // What was typed before the code arrived is searched at once, as if typed now.
  useEffect(() => {
    if (isBlank(initialQuery)) return;
    autocomplete.setIsOpen(true);
    void autocomplete.refresh();
    // Only the query the dialog opened with: later keys reach autocomplete directly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autocomplete]);

  return { autocomplete, state, goTo, query: state?.query ?? initialQuery };
}

export type SearchAutocomplete = ReturnType<typeof useSearchAutocomplete>['autocomplete'];
