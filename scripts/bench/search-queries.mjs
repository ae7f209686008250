// The search requests the benchmarks send: what the browser client posts to the embedded service.
import { EMBEDDED_SEARCH, SEARCH_HITS_PER_PAGE } from '../../lib/search/config.ts';

/** Fifty queries a reader would type: words, typos, phrases, paths and header names. */
export const SEARCH_QUERIES = [
  'refund',
  'refnd',
  'charge',
  'capture a charge',
  'webhook signature',
  'idempotency',
  'pagination',
  'cursor',
  'starting_after',
  'error codes',
  'authentication',
  'token',
  'api key',
  'rotate keys',
  'sandbox',
  'go live',
  'payment link',
  'hosted checkout',
  'ecommerce order',
  'tokenised card',
  'save a card',
  'open banking',
  'aisp consent',
  'balance',
  'ledger entry',
  'settlement',
  'reconcile',
  'chargeback evidence',
  'dispute',
  'disbursement',
  'pay suppliers',
  'beneficiary',
  'booking',
  'booking component',
  'credit note',
  'currency',
  'minor units',
  'scheduled payment',
  'instalment',
  'customer',
  'organisation',
  'audit log',
  'transactions',
  'enums',
  'rate limit',
  'retry',
  'sdk',
  'node',
  'POST /v1/charges',
  'kestrel-signature',
];

/** The multi-index queries path with the credentials in its query string, as the client sends. */
export const SEARCH_PATH = `${EMBEDDED_SEARCH.path}/1/indexes/*/queries?x-algolia-application-id=${EMBEDDED_SEARCH.appId}&x-algolia-api-key=${EMBEDDED_SEARCH.apiKey}`;

/** One autocannon request per query: JSON as text/plain, which spares the browser a preflight. */
export const SEARCH_REQUESTS = SEARCH_QUERIES.map((query) => ({
  method: 'POST',
  path: SEARCH_PATH,
  headers: { 'content-type': 'text/plain' },
  body: JSON.stringify({
    requests: [{ indexName: EMBEDDED_SEARCH.indexName, query, hitsPerPage: SEARCH_HITS_PER_PAGE }],
  }),
}));
