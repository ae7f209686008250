import { readFileSync } from 'node:fs';
import { BodyTooLargeError, readBodyText } from '@/lib/http/body';
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
import { safeJson } from '@/lib/search/safe-json';

let engine: SearchEngine | undefined;
/** The index, built from the records once per server process. */
function searchEngine() {
  engine ??= createSearchEngine(JSON.parse(readFileSync(RECORDS_FILE, 'utf8')) as SearchRecord[]);
  return engine;
}

const error = (message: string, status: number, headers: Record<string, string> = {}) =>
  safeJson({ message, status }, status, headers);

/** The credential the client sent, in the query string (browser client) or a header. */
function credential(request: Request, name: string) {
  return new URL(request.url).searchParams.get(name) ?? request.headers.get(name);
}

/** The browser client sends JSON as text/plain to avoid a CORS preflight; both are read. */
function isReadableContentType(request: Request) {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === undefined || type === 'text/plain' || type === 'application/json';
}

/** The embedded search service: the hosted service's multi-index queries protocol. */
export async function POST(request: Request) {
  if (
    credential(request, 'x-algolia-application-id') !== EMBEDDED_SEARCH.appId ||
    credential(request, 'x-algolia-api-key') !== EMBEDDED_SEARCH.apiKey
  ) {
    return error('Invalid Application-ID or API key', 403);
  }
  if (!isReadableContentType(request)) {
    return error('Content-Type must be application/json or text/plain', 400);
  }
  try {
    const queries = parseQueriesBody(await readBodyText(request, MAX_BODY_BYTES));
    return safeJson(answerQueries(searchEngine(), queries));
  } catch (caught) {
    if (caught instanceof SearchProtocolError) return error(caught.message, caught.status);
    if (caught instanceof BodyTooLargeError) return error('Request body is too large', 413);
    throw caught;
  }
}

const methodNotAllowed = () =>
  error('Method not allowed: send queries with POST', 405, { allow: 'POST' });
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH };
export { methodNotAllowed as DELETE };
