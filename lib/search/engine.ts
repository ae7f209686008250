import MiniSearch from 'minisearch';
import { stripSiteSuffix } from '@/lib/titles';
import { exactNames } from './exact-names';
import { highlighter, type Highlighted } from './highlighter';
import { indexQuery, scoredAsTyped } from './query';
import { createRanking } from './ranking';
import type { RecordType } from './record-types';
import type { SearchRecord } from './records';
import { normalizeTerm, queryTerms, tokenize } from './terms';
import { createVocabulary } from './vocabulary';

type IndexedRecord = SearchRecord & {
  group: string;
  pageTitle: string;
  section: string;
  api: string;
};

/**
 * Field weights: a page title counts most, then section headings and names, endpoints, prose
 * and the menu group ("Javascript SDK").
 */
const boost = { pageTitle: 4, section: 3, name: 3, api: 2, content: 1, group: 1 };

/**
 * How much a record of each type weighs when it matches as well as another: whole pages outrank
 * their sections, and the many fields and parameters rank below pages and endpoints (unless
 * the query is their exact name).
 */
const TYPE_BOOST: Record<RecordType, number> = {
  page: 2,
  guide: 1,
  section: 1,
  endpoint: 1,
  code: 1,
  event: 1,
  scenario: 0.6,
  field: 0.4,
  parameter: 0.3,
};

export type SearchHit = SearchRecord & {
  _highlightResult: {
    title: Highlighted;
    url: Highlighted;
    hierarchy: Highlighted[];
    content: Highlighted;
    name?: Highlighted;
  };
};

export type SearchOptions = {
  hitsPerPage: number;
  /** Which `hitsPerPage` hits, counted from 0; the first unless given. */
  page?: number;
  pre: string;
  post: string;
  /** Most words of the query searched (MAX_QUERY_TERMS unless a request shares fewer). */
  maxTerms?: number;
};

/**
 * A full-text index over the records: prefix matching as you type, one typo in longer words,
 * other forms of a word, British and American spellings, synonyms, field boosts, and exact
 * names first.
 */
export function createSearchEngine(records: SearchRecord[]) {
  const typeBoost = new Map(records.map((record) => [record.objectID, TYPE_BOOST[record.type]]));
  const vocabulary = createVocabulary();
  const index = new MiniSearch<IndexedRecord>({
    idField: 'objectID',
    fields: ['pageTitle', 'section', 'name', 'api', 'content', 'group'],
    storeFields: [],
    tokenize,
    processTerm: (term) => {
      const folded = normalizeTerm(term);
      vocabulary.add(folded);
      return folded;
    },
    searchOptions: { boost, boostDocument: (id) => typeBoost.get(id) ?? 1 },
  });
  const byId = new Map(records.map((record) => [record.objectID, record]));
  index.addAll(
    records.map((record) => ({
      ...record,
      group: record.hierarchy[0] ?? '',
      pageTitle: stripSiteSuffix(record.title),
      section: record.hierarchy.slice(2).join(' '),
      api: record.method ? `${record.method} ${record.endpoint}` : '',
    })),
  );
  const named = exactNames(records);
  const rankedIds = createRanking(records);

  return {
    size: records.length,
    /** The best hits for `query`: exact names first, then by relevance. */
    search(query: string, { hitsPerPage, page = 0, pre, post, maxTerms }: SearchOptions) {
      const terms = queryTerms(query, vocabulary, maxTerms);
      if (!query.trim() || terms.length === 0) return { hits: [] as SearchHit[], nbHits: 0 };
      // Records matching any term: the index multiplies a score by the terms found, so those
      // matching all of them come first unless another matches far better.
      const results = scoredAsTyped(index.search(indexQuery(terms)), terms);
      const ranked = rankedIds(query, results, named(query));
      const shownIds = new Set(ranked.slice(page * hitsPerPage, (page + 1) * hitsPerPage));
      const shown = [...shownIds].flatMap((id) => byId.get(id) ?? []);
      const matchedWords = results
        .filter((result) => shownIds.has(String(result.id)))
        .flatMap((result) => result.terms);
      const mark = highlighter(terms, { pre, post }, new Set(matchedWords));
      const hits = shown.map((record): SearchHit => ({
        ...record,
        _highlightResult: {
          title: mark(record.title),
          url: mark(record.url),
          hierarchy: record.hierarchy.map(mark),
          content: mark(record.content),
          ...(record.name !== undefined ? { name: mark(record.name) } : {}),
        },
      }));
      return { hits, nbHits: ranked.length };
    },
  };
}
export type SearchEngine = ReturnType<typeof createSearchEngine>;
