import { readFileSync } from 'node:fs';
import { EMBEDDED_SEARCH } from '@/lib/search/config';
import { createSearchEngine, type SearchEngine } from '@/lib/search/engine';
import {
  answerQueries,
  MAX_BODY_BYTES,
  parseQueriesBody,
  SearchProtocolError,
} from '@/lib/search/protocol';
import type { SearchRecord } from '@/lib/search/records';
import { RECORDS_FILE } from '@/lib/search/records-file';

let engine: SearchEngine | undefined;
/** The index, built from the records once per server process. */
function searchEngine() {
  engine ??= createSearchEngine(JSON.parse(readFileSync(RECORDS_FILE, 'utf8')) as SearchRecord[]);
  return engine;
}

const error = (message: string, status: number) =>
  Response.json({ message, status }, { status, headers: { 'cache-control': 'no-store' } });

/** The credential the client sent, in the query string (browser client) or a header. */
function credential(request: Request, name: string) {
  return new URL(request.url).searchParams.get(name) ?? request.headers.get(name);
}

/** The embedded search service: the hosted service's multi-index queries protocol. */
export async function POST(request: Request) {
  if (
    credential(request, 'x-algolia-application-id') !== EMBEDDED_SEARCH.appId ||
    credential(request, 'x-algolia-api-key') !== EMBEDDED_SEARCH.apiKey
  ) {
    return error('Invalid Application-ID or API key', 403);
  }
  if (Number(request.headers.get('content-length')) > MAX_BODY_BYTES) {
    return error('Request body is too large', 413);
  }
  try {
    // The browser client sends JSON as text/plain to avoid a CORS preflight: read text, then parse.
    const queries = parseQueriesBody(await request.text());
    return Response.json(answerQueries(searchEngine(), queries), {
      headers: { 'cache-control': 'no-store' },
    });
  } catch (caught) {
    if (caught instanceof SearchProtocolError) return error(caught.message, caught.status);
    throw caught;
  }
}
