// The embedded search index is built as the server starts, not by the first search.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SEARCH } from '@/lib/search/config';
import { startSite } from '@/scripts/lib/site-server';

const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'kestrel-search-')), 'site.log');
let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite({ logFile });
}, 60_000);
afterAll(() => site?.stop());

describe('the embedded search service of a started server', () => {
  it('has its index ready before the first search', async () => {
    // The server answers only once its start hook has run, and nothing has searched yet.
    expect(readFileSync(logFile, 'utf8')).toMatch(/Search index: \d{3,} records ready in \d+ ms/);
    const response = await fetch(
      `${site.url}${EMBEDDED_SEARCH.path}/1/indexes/*/queries?x-algolia-application-id=${EMBEDDED_SEARCH.appId}&x-algolia-api-key=${EMBEDDED_SEARCH.apiKey}`,
      {
        method: 'POST',
        body: JSON.stringify({
          requests: [{ indexName: EMBEDDED_SEARCH.indexName, query: 'card_declined' }],
        }),
      },
    );
    const { results } = await response.json();
    expect(results[0].hits.length).toBeGreaterThan(0);
    // The search used the index the start built: no second one was built for it.
    expect(readFileSync(logFile, 'utf8').match(/Search index:/g)).toHaveLength(1);
  });
});
