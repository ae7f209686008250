import { describe, expect, it } from 'vitest';
import type { HitView } from '@/lib/search/hit-view';
import { forInsights } from '@/lib/search/insights';

const hit: HitView = { objectID: 'a', path: '/errors', title: [], trail: [], snippet: [] };
const target = { appId: 'APP', apiKey: 'search-key', indexName: 'docs' };

describe('hits for the insights plugin', () => {
  it('carry the index and query that answered them, and the credentials to report with', () => {
    expect(forInsights([hit], { index: 'docs_v2', queryID: 'q1' }, target)).toEqual([
      {
        ...hit,
        __autocomplete_indexName: 'docs_v2',
        __autocomplete_queryID: 'q1',
        __autocomplete_algoliaCredentials: { appId: 'APP', apiKey: 'search-key' },
      },
    ]);
    expect(forInsights([hit], { queryID: 'q1' }, target)[0]).toMatchObject({
      __autocomplete_indexName: 'docs',
    });
  });

  it('stay as they are without a query id, which no event could be reported against', () => {
    expect(forInsights([hit], { index: 'docs' }, target)).toEqual([hit]);
  });
});
