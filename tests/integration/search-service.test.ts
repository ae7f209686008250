import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SEARCH } from '@/lib/search/config';
import { serveRoute } from '../support/route-server';

let endpoint: string;
let close: () => Promise<void>;
beforeAll(async () => {
  // The records of the repository's pages, as the build writes them for the service to read.
  execFileSync('npm', ['run', '--silent', 'search:records'], { stdio: 'ignore' });
  const route = await import('@/app/api/search/1/indexes/[index]/queries/route');
  const site = await serveRoute(route);
  endpoint = `${site.url}${EMBEDDED_SEARCH.path}/1/indexes/*/queries`;
  close = site.close;
}, 60_000);
afterAll(() => close?.());

const credentials = `x-algolia-application-id=${EMBEDDED_SEARCH.appId}&x-algolia-api-key=${EMBEDDED_SEARCH.apiKey}`;

/** Posts a body the way the browser client does: credentials in the query string, text/plain. */
const post = (body: string, query = credentials) =>
  fetch(`${endpoint}?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body,
  });
const ask = (query: string, extra: object = {}) =>
  post(
    JSON.stringify({
      requests: [{ indexName: EMBEDDED_SEARCH.indexName, query, hitsPerPage: 5, ...extra }],
    }),
  );

// SPEC 7: the embedded service speaks the hosted service's multi-index queries protocol.
describe('the embedded search service over HTTP', () => {
  it('answers with the protocol shape, five hits and highlights', async () => {
    const response = await ask('refund', { highlightPreTag: '<em>', highlightPostTag: '</em>' });
    expect(response.status).toBe(200);
    const { results } = await response.json();
    const [result] = results;
    expect(Object.keys(result).sort()).toEqual(
      [
        'hits',
        'hitsPerPage',
        'index',
        'nbHits',
        'nbPages',
        'page',
        'params',
        'processingTimeMS',
        'query',
        'queryID',
      ].sort(),
    );
    expect(result).toMatchObject({
      index: EMBEDDED_SEARCH.indexName,
      query: 'refund',
      hitsPerPage: 5,
      page: 0,
    });
    expect(result.hits).toHaveLength(5);
    const [hit] = result.hits;
    for (const field of ['objectID', 'title', 'url', 'path', 'hierarchy', 'type', 'content'])
      expect(hit).toHaveProperty(field);
    expect(hit._highlightResult.title.value).toMatch(/<em>Refund/i);
    expect(hit._highlightResult.hierarchy.length).toBe(hit.hierarchy.length);
  });

  it('finds prefixes and one typo', async () => {
    for (const query of ['refu', 'refnd']) {
      const { results } = await (await ask(query)).json();
      expect(results[0].hits.map((hit: { path: string }) => hit.path)).toContain(
        '/resources/refunds',
      );
    }
  });

  it('finds the section that explains verifying webhook signatures', async () => {
    const { results } = await (await ask('webhook signature')).json();
    expect(results[0].hits.map((hit: { path: string }) => hit.path)).toContain(
      '/webhooks#verifying-signatures',
    );
  });

  it('marks whole words or the typed prefix, never the inside of a word', async () => {
    for (const query of ['refund a charge', 'capture a ch', 'a', 'refnd']) {
      const words = query.split(' ');
      // Only a word matching as a prefix (the last, or one of three letters or more) may end
      // its mark inside a longer word, and a mark always starts a word.
      const prefixes = words.filter((word, index) => index === words.length - 1 || word.length > 2);
      const { results } = await (await ask(query, { hitsPerPage: 20 })).json();
      const values: string[] = results[0].hits.flatMap(
        (hit: { _highlightResult: Record<string, { value: string } | { value: string }[]> }) =>
          Object.values(hit._highlightResult)
            .flat()
            .map(({ value }) => value),
      );
      expect(values.join(' ')).toContain('<mark>');
      for (const value of values) {
        expect(value).not.toMatch(/[\p{L}\p{N}]<mark>/u);
        for (const [, marked] of value.matchAll(/<mark>([^<]*)<\/mark>[\p{L}\p{N}]/gu)) {
          expect(prefixes).toContain(marked!.toLowerCase());
        }
      }
    }
  });

  it('answers a later page with the hits after the first, and refuses a page out of range', async () => {
    const { results: ten } = await (await ask('refund', { hitsPerPage: 10 })).json();
    const { results: second } = await (await ask('refund', { page: 1 })).json();
    expect(second[0]).toMatchObject({ page: 1, hitsPerPage: 5 });
    expect(second[0].hits.map((hit: { objectID: string }) => hit.objectID)).toEqual(
      ten[0].hits.slice(5).map((hit: { objectID: string }) => hit.objectID),
    );
    const unsafe = await post(
      `{"requests":[{"indexName":"${EMBEDDED_SEARCH.indexName}","query":"refund","page":9007199254740993}]}`,
    );
    expect(unsafe.status).toBe(400);
    expect(await unsafe.json()).toEqual({
      message: 'Invalid request: requests.0.page is too large',
      status: 400,
    });
    const beyond = await ask('refund', { page: 200 });
    expect(beyond.status).toBe(400);
    expect((await beyond.json()).message).toMatch(/page must be at most 199/);
  });

  it('reads the older params string form too', async () => {
    const body = JSON.stringify({
      requests: [{ indexName: 'kestrel_docs', params: 'query=pagination&hitsPerPage=2' }],
    });
    const { results } = await (await post(body)).json();
    expect(results[0].hits).toHaveLength(2);
  });

  it('rejects a wrong key with 403 and malformed JSON with 400, as JSON errors', async () => {
    const forbidden = await post(
      '{}',
      'x-algolia-application-id=kestrel-docs&x-algolia-api-key=wrong',
    );
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({
      message: 'Invalid Application-ID or API key',
      status: 403,
    });
    const malformed = await post('{"requests": [');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe('Request body is not valid JSON');
  });

  it('refuses a body over 100 KB and answers a 600-character query safely', async () => {
    const huge = await post(
      JSON.stringify({ requests: [{ indexName: 'kestrel_docs', query: 'x'.repeat(150_000) }] }),
    );
    expect(huge.status).toBe(413);
    const long = await ask(`<script>alert(1)</script>${'a'.repeat(600)}`);
    expect(long.status).toBe(200);
    const { results } = await long.json();
    expect(results[0].query).toHaveLength(512);
  });

  it('refuses a streamed body that grows past 100 KB, without a declared length', async () => {
    // Its own connection: the server stops reading mid-body, so this one cannot be reused.
    const { status, body } = await new Promise<{ status: number; body: string }>(
      (resolve, reject) => {
        const request = httpRequest(
          `${endpoint}?${credentials}`,
          { method: 'POST', agent: false, headers: { 'content-type': 'text/plain' } },
          (response) => {
            let text = '';
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode!, body: text }));
          },
        );
        request.on('error', reject);
        for (let sent = 0; sent < 10; sent += 1) request.write('x'.repeat(20_000));
        request.end();
      },
    );
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ message: 'Request body is too large', status: 413 });
  });

  it('answers other methods with 405 and a JSON error naming POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS']) {
      const response = await fetch(`${endpoint}?${credentials}`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toEqual({
        message: 'Method not allowed: send queries with POST',
        status: 405,
      });
    }
  });

  it('refuses a highlight tag over 50 characters in the params string, as in its field', async () => {
    const tag = 'x'.repeat(51);
    for (const params of [`query=refund&highlightPreTag=${tag}`, `highlightPostTag=${tag}`]) {
      const response = await post(
        JSON.stringify({ requests: [{ indexName: 'kestrel_docs', params }] }),
      );
      expect(response.status).toBe(400);
      expect((await response.json()).message).toMatch(/^Invalid request: requests\.0\.params\./);
    }
  });

  it('answers a body that is neither JSON nor text with 400', async () => {
    const response = await fetch(`${endpoint}?${credentials}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'requests=1',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(
      'Content-Type must be application/json or text/plain',
    );
  });

  it('takes at most five queries per request and at most 20 hits per query', async () => {
    const query = { indexName: EMBEDDED_SEARCH.indexName, query: 'charge' };
    const six = await post(JSON.stringify({ requests: Array(6).fill(query) }));
    expect(six.status).toBe(400);
    const greedy = await ask('charge', { hitsPerPage: 1000 });
    const { results } = await greedy.json();
    expect(results[0].hitsPerPage).toBe(20);
    expect(results[0].hits).toHaveLength(20);
  });

  it('never echoes markup raw: the response text escapes what the query and tags carry', async () => {
    const response = await ask('<img src=x onerror=alert(1)>refund', {
      highlightPreTag: '<script>',
      highlightPostTag: '</script>',
    });
    const text = await response.text();
    expect(text).not.toMatch(/[<>]/);
    const { results } = JSON.parse(text);
    expect(results[0].query).toBe('<img src=x onerror=alert(1)>refund');
  });
});
