import MiniSearch, { type SearchResult } from 'minisearch';
import { stripSiteSuffix } from '@/lib/titles';
import type { SearchRecord } from './records';

type IndexedRecord = SearchRecord & { pageTitle: string; section: string; api: string };

/** Field weights: a page title counts most, then section headings, endpoints, then prose. */
const boost = { pageTitle: 4, section: 3, api: 2, content: 1 };

export type Highlighted = {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
};
export type SearchHit = SearchRecord & {
  _highlightResult: {
    title: Highlighted;
    url: Highlighted;
    hierarchy: Highlighted[];
    content: Highlighted;
  };
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A function wrapping every word that starts with a matched term in the highlight tags. */
export function highlighter(terms: string[], pre: string, post: string) {
  const pattern = terms.length
    ? new RegExp(`(${terms.map(escapeRegExp).join('|')})[\\p{L}\\p{N}_-]*`, 'giu')
    : null;
  return (text: string): Highlighted => {
    if (!pattern) return { value: text, matchLevel: 'none', matchedWords: [] };
    const matchedWords = new Set<string>();
    const value = text.replace(pattern, (word, term: string) => {
      matchedWords.add(term.toLowerCase());
      return `${pre}${word}${post}`;
    });
    const matchLevel =
      matchedWords.size === 0 ? 'none' : matchedWords.size === terms.length ? 'full' : 'partial';
    return { value, matchLevel, matchedWords: [...matchedWords] };
  };
}

/** Lower-cases and folds English plurals, so "refunds" and "refnd" meet at "refund". */
export function normalizeTerm(term: string): string {
  const word = term.toLowerCase().replace(/['’]s$/, '');
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh|us)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** A full-text index over the records: prefix matching as you type, one typo in longer words, field boosts. */
export function createSearchEngine(records: SearchRecord[]) {
  const index = new MiniSearch<IndexedRecord>({
    idField: 'objectID',
    fields: ['pageTitle', 'section', 'api', 'content'],
    storeFields: [],
    processTerm: normalizeTerm,
    searchOptions: {
      processTerm: normalizeTerm,
      boost,
      // The word being typed matches as a prefix; earlier short words ("a", "to") would match
      // nearly every record as prefixes and only slow the query down.
      prefix: (term, position, terms) => position === terms.length - 1 || term.length > 2,
      fuzzy: (term) => (term.length > 3 ? 1 : 0),
      // Whole pages outrank their sections when both match equally well.
      boostDocument: (id) => (String(id).includes('#') ? 1 : 2),
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
      const hits = results.slice(0, hitsPerPage).flatMap((result) => {
        const record = byId.get(String(result.id));
        if (!record) return [];
        const mark = highlighter(result.terms, pre, post);
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
