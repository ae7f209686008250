import 'server-only';
import { BodyTooLargeError, readBodyText } from '@/lib/http/body';
import { EMBEDDED_SEARCH } from './config';
import { embeddedSearchEngine } from './embedded-engine';
import { answerQueries, MAX_BODY_BYTES, parseQueriesBody, SearchProtocolError } from './protocol';
import { safeJson } from './safe-json';

const error = (message: string, status: number, headers: Record<string, string> = {}) =>
  safeJson({ message, status }, status, headers);

/** True when the request carries the embedded service's public credentials. */
function hasCredentials(request: Request) {
  // The browser client sends them in the query string; other clients send headers.
  const query = new URL(request.url).searchParams;
  const credential = (name: string) => query.get(name) ?? request.headers.get(name);
  return (
    credential('x-algolia-application-id') === EMBEDDED_SEARCH.appId &&
    credential('x-algolia-api-key') === EMBEDDED_SEARCH.apiKey
  );
}

/** The browser client sends JSON as text/plain to avoid a CORS preflight; both are read. */
function isReadableContentType(request: Request) {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === undefined || type === 'text/plain' || type === 'application/json';
}

/** Answers a multi-index queries request the way the hosted service does, errors as JSON. */
export async function answerSearchRequest(request: Request): Promise<Response> {
  if (!hasCredentials(request)) return error('Invalid Application-ID or API key', 403);
  if (!isReadableContentType(request)) {
    return error('Content-Type must be application/json or text/plain', 400);
  }
  try {
    const queries = parseQueriesBody(await readBodyText(request, MAX_BODY_BYTES));
    return safeJson(answerQueries(embeddedSearchEngine(), queries));
  } catch (caught) {
    if (caught instanceof SearchProtocolError) return error(caught.message, caught.status);
    if (caught instanceof BodyTooLargeError) return error('Request body is too large', 413);
    throw caught;
  }
}

/** The answer to any method but POST. */
export function refuseMethod(): Response {
  return error('Method not allowed: send queries with POST', 405, { allow: 'POST' });
}
