import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';

/** The hosted search variables of the test build whose search goes to the stand-in. */
export const hostedSearchEnv = {
  NEXT_PUBLIC_SEARCH_APP_ID: 'kestrelstandin',
  NEXT_PUBLIC_SEARCH_API_KEY: 'standin-search-only-key',
  NEXT_PUBLIC_SEARCH_INDEX: 'kestrel_docs_standin',
  NEXT_PUBLIC_SEARCH_INSIGHTS: 'true',
};

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
};

/**
 * A stand-in for the hosted search service on localhost: it answers the multi-index queries
 * protocol (POST /1/indexes/*\/queries) with the hits it is given, and records what it was asked.
 */
export async function startHostedSearchStandIn(hits: unknown[]) {
  const requests: {
    url: string;
    body: { requests: { indexName: string; query: string; clickAnalytics?: boolean }[] };
  }[] = [];
  const server = createServer(async (request, response) => {
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    let text = '';
    for await (const chunk of request) text += chunk;
    if (request.method !== 'POST' || !request.url?.startsWith('/1/indexes/*/queries')) {
      return void response.writeHead(404, cors).end('{"message":"Not found"}');
    }
    const body = JSON.parse(text) as (typeof requests)[number]['body'];
    requests.push({ url: request.url, body });
    const results = body.requests.map(({ indexName, query }, index) => ({
      hits,
      index: indexName,
      query,
      queryID: `standin${index}`,
      nbHits: hits.length,
      page: 0,
      nbPages: 1,
      hitsPerPage: hits.length,
      processingTimeMS: 1,
      params: '',
    }));
    response.writeHead(200, { 'content-type': 'application/json', ...cors });
    response.end(JSON.stringify({ results }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    requests,
    /** Sends the browser's requests for the hosted service's hosts to the stand-in instead. */
    answer: (context: BrowserContext) =>
      context.route(
        (address) => /\.algolia(net)?\.(net|com)$/.test(address.hostname),
        async (route) => {
          const address = new URL(route.request().url());
          const response = await route.fetch({ url: `${url}${address.pathname}${address.search}` });
          await route.fulfill({ response });
        },
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
