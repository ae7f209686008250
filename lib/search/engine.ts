import MiniSearch, { type SearchResult } from 'minisearch';
import { stripSiteSuffix } from '@/lib/titles';
import { highlighter, type Highlighted } from './highlighter';
import type { SearchRecord } from './records';
import { matchesAsPrefix, normalizeTerm, typoTolerance } from './terms';

type IndexedRecord = SearchRecord & { pageTitle: string; section: string; api: string };

/** Field weights: a page title counts most, then section headings, endpoints, then prose. */
const boost = { pageTitle: 4, section: 3, api: 2, content: 1 };

export type SearchHit = SearchRecord & {
  _highlightResult: {
    title: Highlighted;
    url: Highlighted;
    hierarchy: Highlighted[];
    content: Highlighted;
  };
};

/** A full-text index over the records: prefix matching as you type, one typo in longer words, field boosts. */
export function createSearchEngine(records: SearchRecord[]) {
  // Whole pages outrank their sections when both match equally well.
  const documentBoost = new Map(
    records.map((record) => [record.objectID, record.objectID.includes('#') ? 1 : 2]),
  );
  const index = new MiniSearch<IndexedRecord>({
    idField: 'objectID',
    fields: ['pageTitle', 'section', 'api', 'content'],
    storeFields: [],
    processTerm: normalizeTerm,
    searchOptions: {
      processTerm: normalizeTerm,
      boost,
      prefix: matchesAsPrefix,
      fuzzy: typoTolerance,
      boostDocument: (id) => documentBoost.get(id) ?? 1,
    },
  });
  const byId = new Map(records.map((record) => [record.objectID, record]));
  index.addAll(
    records.map((record) => ({
      ...record,
      pageTitle: stripSiteSuffix(record.title),
      section: record.hierarchy.slice(2).join(' '),
      api: record.method ? `${record.method} ${record.endpoint}` : '',
    })),
  );

  return {
    size: records.length,
    /** The best hits for `query`: all words must match, or any of them when none match all. */
    search(
      query: string,
      { hitsPerPage, pre, post }: { hitsPerPage: number; pre: string; post: string },
    ) {
      const trimmed = query.trim();
      if (!trimmed) return { hits: [] as SearchHit[], nbHits: 0 };
      let results: SearchResult[] = index.search(trimmed, { combineWith: 'AND' });
      if (results.length === 0) results = index.search(trimmed, { combineWith: 'OR' });
      const shown = results.slice(0, hitsPerPage);
      const mark = highlighter(trimmed, { pre, post }, new Set(shown.flatMap((hit) => hit.terms)));
      const hits = shown.flatMap((result): SearchHit[] => {
        const record = byId.get(String(result.id));
        if (!record) return [];
        return [
          {
            ...record,
            _highlightResult: {
              title: mark(record.title),
              url: mark(record.url),
              hierarchy: record.hierarchy.map(mark),
              content: mark(record.content),
            },
          },
        ];
      });
      return { hits, nbHits: results.length };
    },
  };
}
export type SearchEngine = ReturnType<typeof createSearchEngine>;
