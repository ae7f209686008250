// What one search may cost and keep: bounded words per query, bounded prefix expansions, every
// parameter bounded wherever it is written, and an answer cache bounded in bytes.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createSearchEngine, type SearchEngine } from '@/lib/search/engine';
import { createLru } from '@/lib/search/lru';
import {
  answerQueries,
  MAX_HIGHLIGHT_TAG_LENGTH,
  MAX_QUERIES_PER_REQUEST,
  MAX_REQUEST_TERMS,
  parseQueriesBody,
} from '@/lib/search/protocol';
import type { SearchRecord } from '@/lib/search/records';
import { MAX_CACHED_ANSWER_BYTES, withResultCache } from '@/lib/search/result-cache';
import {
  MAX_PREFIX_EXPANSIONS,
  MAX_QUERY_TERMS,
  normalizeTerm,
  queryTerms,
  tokenize,
  type QueryTerm,
} from '@/lib/search/terms';
import { siteRecords } from '@/lib/search/site-records';
import { createVocabulary } from '@/lib/search/vocabulary';
import { source } from '@/lib/source';

let records: SearchRecord[];
const vocabulary = createVocabulary();
// Reads and expands every page of the site while other test files do too: allow a minute.
beforeAll(async () => {
  records = await siteRecords(source, 'https://docs.example.com');
  for (const record of records) {
    const texts = [record.title, ...record.hierarchy, record.content, record.name ?? ''];
    for (const word of texts.flatMap(tokenize)) if (word) vocabulary.add(normalizeTerm(word));
  }
}, 60_000);

/** The words the index looks up for the terms: each, its forms and synonyms, its completions. */
function lookedUpWords(terms: QueryTerm[], completionsOf: (prefix: string) => number) {
  return terms.reduce(
    (sum, { term, prefix, forms, synonyms, expansions }) =>
      sum +
      1 +
      forms.length +
      synonyms.flat().length +
      (expansions?.length ?? (prefix ? completionsOf(term) : 0)),
    0,
  );
}

describe('the work of one query', () => {
  const allWords = () =>
    [...new Set(records.flatMap((record) => tokenize(record.content)))]
      .map(normalizeTerm)
      .filter((word) => word.length >= 3);
  const completionsOf = (prefix: string) =>
    new Set(allWords().filter((word) => word.startsWith(prefix) && word !== prefix)).size;
  // The heaviest request seen: 512 characters of three-letter prefixes (not stop words such as
  // "the", which a query leaves out), ending with one letter.
  const heavy = () =>
    [...new Set(allWords().map((word) => word.slice(0, 3)))]
      .filter((prefix) => queryTerms(`${prefix} x`)[0]?.term === prefix)
      .join(' ')
      .slice(0, 510) + ' c';

  it('searches at most the first words and the word being typed', () => {
    const terms = queryTerms(heavy(), vocabulary);
    expect(terms).toHaveLength(MAX_QUERY_TERMS);
    expect(terms.at(-1)?.term).toBe('c');
    expect(terms.slice(0, -1).map(({ term }) => term)).toEqual(
      heavy()
        .split(' ')
        .slice(0, MAX_QUERY_TERMS - 1),
    );
  });

  it('expands a prefix to at most its most used words, never to stop words', () => {
    for (const prefix of ['c', 'a', 're', 'con']) {
      const [term] = queryTerms(prefix, vocabulary);
      const found = term?.expansions ?? [];
      expect(found.length).toBeLessThanOrEqual(MAX_PREFIX_EXPANSIONS);
      for (const word of found) expect(word.startsWith(prefix)).toBe(true);
      expect(found).not.toContain('and');
    }
    // A prefix with few completions is left to the index, which expands it the usual way.
    expect(queryTerms('webh', vocabulary)[0]?.expansions).toBeNull();
  });

  it('looks up a bounded number of words, however long or greedy the query', () => {
    const perTerm = 1 + 12 + 6 + MAX_PREFIX_EXPANSIONS;
    const words = lookedUpWords(queryTerms(heavy(), vocabulary), completionsOf);
    expect(words).toBeLessThanOrEqual(MAX_QUERY_TERMS * perTerm);
    // One letter alone stands for its most used words, not for the hundreds the index holds.
    expect(completionsOf('c')).toBeGreaterThan(100);
    expect(lookedUpWords(queryTerms('c', vocabulary), completionsOf)).toBeLessThanOrEqual(perTerm);
  });

  it('still finds what a reader types letter by letter', () => {
    const engine = createSearchEngine(records);
    const options = { hitsPerPage: 5, pre: '<mark>', post: '</mark>' };
    const paths = (query: string) => engine.search(query, options).hits.map((hit) => hit.path);
    expect(paths('c').length).toBe(5);
    expect(paths('re').length).toBe(5);
    expect(paths('refu')).toContain('/resources/refunds');
  });
});

describe('the work of one request', () => {
  it('shares at most MAX_REQUEST_TERMS words among its queries, a single one keeping all', async () => {
    const search = vi.fn<SearchEngine['search']>(() => ({ hits: [], nbHits: 0 }));
    const engine = { size: 0, search } as SearchEngine;
    const long = Array.from({ length: 40 }, (_, word) => `word${word}`).join(' ');
    const query = { indexName: 'docs', query: long, hitsPerPage: 20, page: 0, pre: '', post: '' };
    await answerQueries(engine, Array(MAX_QUERIES_PER_REQUEST).fill(query));
    const searched = search.mock.calls.map(([text, { maxTerms }]) =>
      queryTerms(text, undefined, maxTerms),
    );
    expect(searched.flat().length).toBeLessThanOrEqual(MAX_REQUEST_TERMS);
    search.mockClear();
    await answerQueries(engine, [query]);
    const [[text, { maxTerms }]] = search.mock.calls as [Parameters<SearchEngine['search']>];
    expect(queryTerms(text, undefined, maxTerms)).toHaveLength(MAX_QUERY_TERMS);
  });
});

describe('the parameters of a request', () => {
  const tooLong = 'x'.repeat(MAX_HIGHLIGHT_TAG_LENGTH + 1);
  const request = (query: object) =>
    JSON.stringify({ requests: [{ indexName: 'docs', ...query }] });

  it('bounds a highlight tag alike as a field, in the params string and in a params object', () => {
    for (const tag of ['highlightPreTag', 'highlightPostTag']) {
      for (const body of [
        request({ query: 'refund', [tag]: tooLong }),
        request({ params: new URLSearchParams({ query: 'refund', [tag]: tooLong }).toString() }),
        request({ params: { query: 'refund', [tag]: tooLong } }),
      ]) {
        expect(() => parseQueriesBody(body)).toThrow(/at most 50|too_big|Too big/i);
      }
    }
    const [allowed] = parseQueriesBody(
      request({ params: `query=refund&highlightPreTag=${'x'.repeat(50)}&hitsPerPage=1000` }),
    );
    expect(allowed).toMatchObject({ query: 'refund', pre: 'x'.repeat(50), hitsPerPage: 20 });
  });

  it('cuts a query in the params string at 512 characters, as a field is', () => {
    const [fromParams] = parseQueriesBody(request({ params: `query=${'a'.repeat(600)}` }));
    expect(fromParams?.query).toHaveLength(512);
  });
});

describe('the answer cache', () => {
  it('forgets the least recently used answers beyond its byte budget', () => {
    const lru = createLru<string>(100, 1000);
    lru.set('a', 'A', 400);
    lru.set('b', 'B', 400);
    lru.get('a');
    lru.set('c', 'C', 400);
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.bytes]).toEqual([
      'A',
      undefined,
      'C',
      800,
    ]);
    lru.set('huge', 'H', 1001);
    expect([lru.get('huge'), lru.size]).toEqual([undefined, 2]);
  });

  it('answers a query too large to keep every time, without keeping it', () => {
    const records: SearchRecord[] = [
      {
        objectID: 'page:/refunds',
        title: 'Refunds | Kestrel Pay',
        url: 'https://docs.example.com/refunds',
        path: '/refunds',
        hierarchy: ['Core Resources', 'Refunds'],
        type: 'page',
        content: Array(60).fill('refund').join(' '),
      },
    ];
    const engine = createSearchEngine(records);
    const search = vi.spyOn(engine, 'search');
    // Tags that make the answer a few KiB: a budget of 1 KiB per answer keeps none of them.
    const cached = withResultCache(engine, 500, { maxBytes: 8192, maxAnswerBytes: 1024 });
    const options = { hitsPerPage: 5, pre: 'x'.repeat(50), post: 'y'.repeat(50) };
    const first = cached.search('refund', options);
    expect(JSON.stringify(first).length).toBeGreaterThan(1024);
    expect(cached.search('refund', options)).toEqual(first);
    expect(search).toHaveBeenCalledTimes(2);
    // A small answer is kept as before.
    cached.search('refund', { hitsPerPage: 0, pre: '', post: '' });
    cached.search('refund', { hitsPerPage: 0, pre: '', post: '' });
    expect(search).toHaveBeenCalledTimes(3);
    expect(MAX_CACHED_ANSWER_BYTES).toBeLessThanOrEqual(8 * 1024 * 1024);
  });
});
