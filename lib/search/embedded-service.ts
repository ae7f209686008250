import 'server-only';
import { serverConfig } from '@/lib/config/server';
import { BodyTooLargeError, readBodyText } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client-address';
import { rateLimitHeaders, RateLimiter } from '@/lib/sandbox/rate-limit';
import { EMBEDDED_SEARCH, SEARCH_RATE_WINDOW_SECONDS } from './config';
import { embeddedSearchEngine } from './embedded-engine';
import { answerQueries, MAX_BODY_BYTES, parseQueriesBody, SearchProtocolError } from './protocol';
import { safeJson } from './safe-json';

const error = (message: string, status: number, headers: Record<string, string> = {}) =>
  safeJson({ message, status }, status, headers);

let limiter: RateLimiter | undefined;

/** Counts a search of the request's client against SEARCH_RATE_LIMIT, over a few seconds. */
function takeSearch(request: Request, socketAddress: string | undefined) {
  const { searchRateLimit, trustProxy } = serverConfig();
  limiter ??= new RateLimiter(
    searchRateLimit * SEARCH_RATE_WINDOW_SECONDS,
    SEARCH_RATE_WINDOW_SECONDS * 1000,
  );
  return limiter.take(clientAddress(request, trustProxy, socketAddress), Date.now());
}

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

/**
 * Answers a multi-index queries request the way the hosted service does, errors as JSON.
 * `socketAddress` is the connection's address, where the caller holds the socket.
 */
export async function answerSearchRequest(
  request: Request,
  socketAddress?: string,
): Promise<Response> {
  if (!hasCredentials(request)) return error('Invalid Application-ID or API key', 403);
  const rate = takeSearch(request, socketAddress);
  if (!rate.allowed) {
    return error(`Too many requests. Retry after ${rate.resetSeconds} seconds.`, 429, {
      'Retry-After': String(rate.resetSeconds),
      ...rateLimitHeaders(rate),
    });
  }
  if (!isReadableContentType(request)) {
    return error('Content-Type must be application/json or text/plain', 400);
  }
  try {
    const queries = parseQueriesBody(await readBodyText(request, MAX_BODY_BYTES));
    return safeJson(await answerQueries(embeddedSearchEngine(), queries));
  } catch (caught) {
    if (caught instanceof SearchProtocolError) return error(caught.message, caught.status);
    if (caught instanceof BodyTooLargeError) return error('Request body is too large', 413);
    throw caught;
  }
}

/**
 * The answer to any method but POST, OPTIONS included: the service sends no CORS headers, so
 * no preflight could succeed, and its own client sends text/plain to need none.
 */
export function refuseMethod(): Response {
  return error('Method not allowed: send queries with POST', 405, { allow: 'POST' });
}
