import { describe, expect, it } from 'vitest';
import { createSearchEngine } from '@/lib/search/engine';
import { parseHighlight, snippet, trimSuffix } from '@/lib/search/highlight';
import { createHostsCache } from '@/lib/search/hosts-cache';
import { parseQueriesBody, SearchProtocolError } from '@/lib/search/protocol';
import { recordsOf, type SearchablePage } from '@/lib/search/records';
import { assignHeadingIds } from '@/lib/mdx/headings';
import { parseMdx } from '@/lib/mdx/parse';
import { normalizeTerm } from '@/lib/search/terms';

const page: SearchablePage = {
  route: '/resources/refunds',
  title: 'Refunds',
  description: 'Give money back.',
  group: 'Core Resources',
  kind: 'resource',
  file: 'content/docs/resources/refunds.mdx',
};
const body = [
  'A refund returns money.',
  '## The refund object',
  'Fields of a refund.',
  '### Status',
  'One of `pending` or `succeeded`.',
  '## Create a refund',
  '<Endpoint method="post" path="/v1/refunds" />',
  '```bash',
  'curl secret-code-sample',
  '```',
].join('\n\n');
const tree = parseMdx(body, { format: 'mdx', file: page.file! });
const content = { tree, sections: assignHeadingIds(tree) };

describe('recordsOf', () => {
  const records = recordsOf(page, content, 'https://docs.example.com');

  it('gives one page record and one per ## and ### section', () => {
    expect(records.map((r) => [r.type, r.path])).toEqual([
      ['page', '/resources/refunds'],
      ['section', '/resources/refunds#the-refund-object'],
      ['section', '/resources/refunds#status'],
      ['endpoint', '/resources/refunds#create-a-refund'],
    ]);
  });

  it('carries the full title, absolute url, hierarchy and text without code blocks', () => {
    const [page, , status, endpoint] = records;
    expect(page).toMatchObject({
      objectID: 'page:/resources/refunds',
      title: 'Refunds | Kestrel Pay',
      url: 'https://docs.example.com/resources/refunds',
      hierarchy: ['Core Resources', 'Refunds'],
      content: 'Give money back. A refund returns money.',
    });
    expect(status?.hierarchy).toEqual(['Core Resources', 'Refunds', 'The refund object', 'Status']);
    expect(endpoint).toMatchObject({ method: 'POST', endpoint: '/v1/refunds' });
    expect(records.map((r) => r.content).join(' ')).not.toContain('secret-code-sample');
  });
});

describe('the search engine', () => {
  const engine = createSearchEngine(recordsOf(page, content, 'https://docs.example.com'));
  const paths = (query: string) =>
    engine
      .search(query, { hitsPerPage: 5, pre: '<mark>', post: '</mark>' })
      .hits.map((h) => h.path);

  it('matches prefixes, one typo and plurals', () => {
    expect(paths('refu')).toContain('/resources/refunds');
    expect(paths('refnd')).toContain('/resources/refunds');
    expect(paths('statuses')).toEqual(['/resources/refunds#status']);
  });

  it('returns nothing for an empty query', () => {
    expect(paths('   ')).toEqual([]);
  });

  it('folds plurals but not words ending in ss', () => {
    expect(normalizeTerm('Refunds')).toBe('refund');
    expect(normalizeTerm('access')).toBe('access');
    expect(normalizeTerm('statuses')).toBe('status');
    expect(normalizeTerm('currencies')).toBe('currency');
  });
});

describe('highlighting', () => {
  it('keeps hostile markup as text parts, never as elements', () => {
    const hostile = '<img src=x onerror=alert(1)> <mark>pay</mark><script>x</script>';
    expect(parseHighlight(hostile)).toEqual([
      { text: '<img src=x onerror=alert(1)> ', highlighted: false },
      { text: 'pay', highlighted: true },
      { text: '<script>x</script>', highlighted: false },
    ]);
  });

  it('leaves an unclosed tag as text', () => {
    expect(parseHighlight('a <mark>b')).toEqual([{ text: 'a <mark>b', highlighted: false }]);
  });

  it('trims the site suffix across parts and cuts a snippet around the first match', () => {
    const parts = parseHighlight('<mark>Refunds</mark> | Kestrel Pay');
    expect(trimSuffix(parts, ' | Kestrel Pay')).toEqual([{ text: 'Refunds', highlighted: true }]);
    const long = parseHighlight(`${'word '.repeat(40)}<mark>match</mark> tail`);
    expect(snippet(long, 20)[0]?.text.startsWith('…')).toBe(true);
    expect(snippet(long, 20).some((part) => part.highlighted)).toBe(true);
  });
});

describe('parseQueriesBody', () => {
  it('reads queries from fields or a params string, capping hits and query length', () => {
    const [a, b] = parseQueriesBody(
      JSON.stringify({
        requests: [
          { indexName: 'docs', query: 'x'.repeat(600), hitsPerPage: 500 },
          { indexName: 'docs', params: 'query=refund&hitsPerPage=3' },
        ],
      }),
    );
    expect(a?.query).toHaveLength(512);
    expect(a?.hitsPerPage).toBe(20);
    expect(b).toMatchObject({ query: 'refund', hitsPerPage: 3, pre: '<mark>', post: '</mark>' });
  });

  it('takes a page only as a whole number within the first 1000 hits, the last page of 5 being 199', () => {
    const body = (query: string) => `{"requests":[{"indexName":"docs","query":"refund",${query}}]}`;
    expect(parseQueriesBody(body('"page":199'))[0]).toMatchObject({ page: 199, hitsPerPage: 5 });
    expect(parseQueriesBody(body('"params":"page=49&hitsPerPage=20"'))[0]).toMatchObject({
      page: 49,
      hitsPerPage: 20,
    });
    expect(parseQueriesBody(body('"hitsPerPage":3'))[0]).toMatchObject({ page: 0 });
    const refusals = [
      ['"page":9007199254740993', /requests\.0\.page is too large/],
      ['"page":200', /requests\.0\.page must be at most 199 with 5 hits per page/],
      ['"page":50,"hitsPerPage":20', /page must be at most 49 with 20 hits per page/],
      ['"page":-1', /requests\.0\.page must be 0 or more/],
      ['"page":1.5', /requests\.0\.page must be a whole number/],
      ['"params":"page=1e3"', /requests\.0\.params\.page must be a whole number/],
      ['"page":true', /requests\.0\.page/],
      ['"hitsPerPage":9007199254740993', /requests\.0\.hitsPerPage is too large/],
      ['"hitsPerPage":0', /requests\.0\.hitsPerPage must be at least 1/],
    ] as const;
    for (const [query, message] of refusals) {
      expect(() => parseQueriesBody(body(query)), query).toThrow(message);
    }
  });

  it.each([
    ['not json', 400],
    ['{"requests":[]}', 400],
    [JSON.stringify({ requests: Array(6).fill({ indexName: 'docs', query: 'a' }) }), 400],
    ['x'.repeat(100_001), 413],
  ])('rejects %#', (body, status) => {
    expect(() => parseQueriesBody(body)).toThrow(SearchProtocolError);
    try {
      parseQueriesBody(body);
    } catch (error) {
      expect((error as SearchProtocolError).status).toBe(status);
    }
  });
});

describe('hosts cache', () => {
  it('keys a host by protocol, address and accept mode, and forgets it after 120 s', async () => {
    let now = 0;
    const cache = createHostsCache(() => now);
    const host = { url: 'search.example.com', protocol: 'https', accept: 'read' };
    await cache.set(
      { ...host, status: 'down', lastUpdate: 0, isUp: () => false },
      {
        ...host,
        status: 'down',
        lastUpdate: 0,
      },
    );
    const fresh = () => Promise.resolve({ ...host, status: 'up' });
    expect(await cache.get(host, fresh)).toMatchObject({ status: 'down' });
    now = 120_001;
    expect(await cache.get(host, fresh)).toMatchObject({ status: 'up' });
  });
});
