import { describe, expect, it, vi } from 'vitest';
import { createSearchEngine } from '@/lib/search/engine';
import { latestOnly } from '@/lib/search/latest-only';
import { createLru } from '@/lib/search/lru';
import { answerQueries } from '@/lib/search/protocol';
import { parseConfig } from '@/lib/config/env';
import { withResultCache } from '@/lib/search/result-cache';

/** A search whose answers the test releases one by one, recording what was sent. */
function controlledSearch() {
  const sent: string[] = [];
  const pending: { query: string; answer: () => void; fail: () => void }[] = [];
  const send = (query: string) =>
    new Promise<string>((resolve, reject) => {
      sent.push(query);
      pending.push({
        query,
        answer: () => resolve(`hits for ${query}`),
        fail: () => reject(new Error('down')),
      });
    });
  /** Answers the oldest request in flight and lets the scheduler send the next. */
  const answerNext = async () => {
    pending.shift()?.answer();
    await new Promise((resolve) => setTimeout(resolve));
  };
  return { sent, pending, send, answerNext };
}

describe('latestOnly', () => {
  it('sends one query at a time, then only the newest of those typed meanwhile', async () => {
    const search = controlledSearch();
    const ask = latestOnly(search.send, 10);
    const answers = ['r', 're', 'ref', 'refu'].map((query) => ask(query));
    expect(search.sent).toEqual(['r']);
    await search.answerNext();
    expect(search.sent).toEqual(['r', 'refu']);
    await search.answerNext();
    expect(await Promise.all(answers)).toEqual(Array(4).fill('hits for refu'));
  });

  it('keeps every caller waiting until the newest query is answered, whatever the older did', async () => {
    const search = controlledSearch();
    const ask = latestOnly(search.send, 10);
    const settled: string[] = [];
    const track = (query: string) =>
      ask(query).then(
        (answer) => settled.push(`${query}: ${answer}`),
        () => settled.push(`${query}: failed`),
      );
    const answered = [track('a'), track('audit')];
    // The replaced query's answer is kept for later but ends no one's wait.
    await search.answerNext();
    expect(settled).toEqual([]);
    expect(search.sent).toEqual(['a', 'audit']);
    await search.answerNext();
    await Promise.all(answered);
    expect(settled).toEqual(['a: hits for audit', 'audit: hits for audit']);
    expect(await ask('a')).toBe('hits for a');

    // A replaced query that fails (a timeout) is no one's failure either.
    settled.length = 0;
    const afterFailure = [track('au'), track('aud')];
    search.pending.shift()?.fail();
    await new Promise((resolve) => setTimeout(resolve));
    expect(settled).toEqual([]);
    await search.answerNext();
    await Promise.all(afterFailure);
    expect(settled).toEqual(['au: hits for aud', 'aud: hits for aud']);
  });

  it('answers a query asked again from its cache, and drops the stale one waiting', async () => {
    const search = controlledSearch();
    const ask = latestOnly(search.send, 10);
    const first = ask('refund');
    await search.answerNext();
    await first;
    const inFlight = ask('refunds');
    const stale = ask('refunds list');
    expect(await ask('refund')).toBe('hits for refund');
    await search.answerNext();
    expect(await inFlight).toBe('hits for refunds');
    expect(await stale).toBe('hits for refund');
    expect(search.sent).toEqual(['refund', 'refunds']);
  });

  it('passes a failure on to its callers and caches nothing for it', async () => {
    const search = controlledSearch();
    const ask = latestOnly(search.send, 10);
    const failed = ask('refund');
    search.pending.shift()?.fail();
    await expect(failed).rejects.toThrow('down');
    const retried = ask('refund');
    await search.answerNext();
    expect(await retried).toBe('hits for refund');
    expect(search.sent).toEqual(['refund', 'refund']);
  });
});

describe('createLru', () => {
  it('forgets the least recently used entry beyond its capacity', () => {
    const lru = createLru<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2]);
    const off = createLru<number>(0);
    off.set('a', 1);
    expect(off.get('a')).toBeUndefined();
  });
});

describe('the answer cache of the embedded service', () => {
  const records = [
    {
      objectID: 'page:/refunds',
      title: 'Refunds | Kestrel Pay',
      url: 'https://docs.example.com/refunds',
      path: '/refunds',
      hierarchy: ['Core Resources', 'Refunds'],
      type: 'page' as const,
      content: 'Give money back.',
    },
  ];
  const options = { hitsPerPage: 5, pre: '<mark>', post: '</mark>' };

  it('computes an answer once per query, hits and tags, yet gives every response its own id', async () => {
    const engine = createSearchEngine(records);
    const search = vi.spyOn(engine, 'search');
    const cached = withResultCache(engine, 10);
    expect(cached.search('refund', options)).toEqual(engine.search('refund', options));
    search.mockClear();
    cached.search('refund', options);
    cached.search('refund', { ...options, pre: '<em>' });
    expect(search).toHaveBeenCalledTimes(1);
    const query = { indexName: 'docs', query: 'refund', page: 0, ...options };
    const [a, b] = [await answerQueries(cached, [query]), await answerQueries(cached, [query])];
    expect(a.results[0]?.hits).toEqual(b.results[0]?.hits);
    expect(a.results[0]?.queryID).not.toBe(b.results[0]?.queryID);
  });

  it('is off with SEARCH_RESULT_CACHE_SIZE=0 and refuses a size that is not a count', () => {
    const engine = createSearchEngine(records);
    const size = (value?: string) =>
      parseConfig({ SEARCH_RESULT_CACHE_SIZE: value }).searchResultCacheSize;
    expect(withResultCache(engine, size('0'))).toBe(engine);
    expect(size(undefined)).toBe(500);
    expect(size(' ')).toBe(500);
    expect(() => size('lots')).toThrow(/SEARCH_RESULT_CACHE_SIZE/);
    expect(() => size('-1')).toThrow(/SEARCH_RESULT_CACHE_SIZE/);
  });
});
