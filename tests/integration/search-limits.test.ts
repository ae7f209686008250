// What a client can make the embedded search hold and how often it may ask, on a server of its
// own: a low SEARCH_RATE_LIMIT here leaves the other tests' server alone.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SEARCH } from '@/lib/search/config';
import { MAX_HIGHLIGHT_TAG_LENGTH, MAX_QUERIES_PER_REQUEST } from '@/lib/search/protocol';
import { SEARCH_RESULT_CACHE_BYTES } from '@/lib/search/result-cache';
import { residentBytes, serverProcess } from '@/scripts/load/server-process.mjs';
import { startSite } from '@/scripts/lib/site-server';

/** Searches per second allowed here: 20 in the 5-second window, enough for the checks before. */
const RATE_LIMIT = 4;
const WINDOW_REQUESTS = RATE_LIMIT * 5;

let site: Awaited<ReturnType<typeof startSite>>;
let endpoint: string;
beforeAll(async () => {
  site = await startSite({ env: { SEARCH_RATE_LIMIT: String(RATE_LIMIT) } });
  endpoint = `${site.url}${EMBEDDED_SEARCH.path}/1/indexes/*/queries?x-algolia-application-id=${EMBEDDED_SEARCH.appId}&x-algolia-api-key=${EMBEDDED_SEARCH.apiKey}`;
}, 60_000);
afterAll(() => site?.stop());

const post = (body: string) =>
  fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'accept-encoding': 'identity' },
    body,
  });

/** A search sent from another loopback address: another client, as the server sees it. */
const postFrom = (localAddress: string, body: string) =>
  new Promise<number>((resolve, reject) => {
    const sent = request(endpoint, { method: 'POST', localAddress }, (answer) => {
      answer.resume().on('end', () => resolve(answer.statusCode ?? 0));
    });
    sent.on('error', reject).end(body);
  });

/**
 * The largest answer a request may ask for: five queries of twenty hits whose every match is
 * wrapped in the longest tags, of characters the answer writes as six-byte escapes.
 */
const largestRequest = (variant: number) =>
  JSON.stringify({
    requests: Array.from({ length: MAX_QUERIES_PER_REQUEST }, (_, query) => ({
      indexName: EMBEDDED_SEARCH.indexName,
      params: new URLSearchParams({
        query: `charge card payment refund customer request string object ${variant} ${query}`,
        hitsPerPage: '20',
        highlightPreTag: '<'.repeat(MAX_HIGHLIGHT_TAG_LENGTH),
        highlightPostTag: '>'.repeat(MAX_HIGHLIGHT_TAG_LENGTH),
      }).toString(),
    })),
  });

/** A 40 KB request whose tags, written in `params`, once made an answer of megabytes. */
const longTagsRequest = (variant: number) =>
  JSON.stringify({
    requests: Array.from({ length: MAX_QUERIES_PER_REQUEST }, (_, query) => ({
      indexName: EMBEDDED_SEARCH.indexName,
      params: new URLSearchParams({
        query: `charge payment refund ${variant} ${query}`,
        hitsPerPage: '20',
        highlightPreTag: 'x'.repeat(3900),
        highlightPostTag: 'x'.repeat(3900),
      }).toString(),
    })),
  });

/** What the limits on queries, hits, words and tags allow an answer to weigh at most. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

describe('the embedded search’s bounds on a started server', () => {
  it('answers no request within the limits with more than 2 MiB', async () => {
    const largest = await post(largestRequest(0));
    expect(largest.status).toBe(200);
    expect((await largest.arrayBuffer()).byteLength).toBeLessThan(MAX_ANSWER_BYTES);
    const longTags = await post(longTagsRequest(0));
    expect(longTags.status).toBe(400);
    expect((await longTags.arrayBuffer()).byteLength).toBeLessThan(MAX_ANSWER_BYTES);
  });

  it('keeps no more than its byte budget of answers, however large they are', async () => {
    const pid = serverProcess(site.pid, Number(new URL(site.url).port));
    const before = residentBytes(pid);
    for (let variant = 1; variant <= 8; variant += 1) {
      await (await post(longTagsRequest(variant))).arrayBuffer();
      if (variant <= 4) await (await post(largestRequest(variant))).arrayBuffer();
    }
    // Eight answers of megabytes each, kept, would hold over 100 MiB more; the cache keeps at
    // most its budget, and the collector's slack is the rest.
    const grown = residentBytes(pid) - before;
    expect(grown).toBeLessThan(SEARCH_RESULT_CACHE_BYTES + 56 * 1024 * 1024);
  });

  it('answers 429 in the protocol’s error shape with Retry-After past the rate limit', async () => {
    const small = JSON.stringify({
      requests: [{ indexName: EMBEDDED_SEARCH.indexName, query: 'refund' }],
    });
    // Within two windows' allowance a refusal must come, wherever the window stood.
    let refused: Response | undefined;
    for (let sent = 0; sent <= 2 * WINDOW_REQUESTS && !refused; sent += 1) {
      const answer = await post(small);
      if (answer.status === 429) refused = answer;
      else expect((await answer.json()).results).toHaveLength(1);
    }
    expect(refused?.status).toBe(429);
    const retryAfter = Number(refused!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(5);
    expect(refused!.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await refused!.json()).toEqual({
      message: `Too many requests. Retry after ${retryAfter} seconds.`,
      status: 429,
    });
    // Without a proxy the server tells clients apart by their connection: another one searches.
    expect(await postFrom('127.0.0.2', small)).toBe(200);
  });
});
