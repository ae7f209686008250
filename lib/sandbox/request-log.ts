// The request log: every request a sandbox served, as its owner may read it back. Bounded in
// count, bytes and body length, with the bearer token masked and the private key never kept.
import { SOCKET_ADDRESS_HEADER_PREFIX } from '@/lib/config/socket-address.mjs';
import { SandboxError } from './errors';

/** Most requests one sandbox's log keeps; the oldest drop off the end. */
export const MAX_LOGGED_REQUESTS = 100;
/** Most bytes one sandbox's log keeps in all, so the log never outweighs the sandbox (256 KiB). */
export const MAX_REQUEST_LOG_BYTES = 256 * 1024;
/** Most bytes of a request or response body an entry keeps; the rest is cut with a marker. */
export const MAX_LOGGED_BODY_BYTES = 4 * 1024;
/** Most characters of one header value an entry keeps. */
const MAX_LOGGED_HEADER_CHARACTERS = 512;
/** Entries a page of `GET /sandbox/requests` holds unless `limit` says otherwise. */
export const DEFAULT_REQUEST_LOG_PAGE = 20;
/** What stands in for a private key wherever a request or an answer carried it. */
const PRIVATE_KEY_MASK = '[private key removed]';
/** Any private key: the documented pairs', and one a sandbox created and answered once. */
const PRIVATE_KEY = /\bsk_(?:test|live)_[A-Za-z0-9]+/g;

/** One side of a logged exchange: headers in lower case, and the body as text, perhaps cut. */
export type LoggedMessage = {
  headers: Record<string, string>;
  body: string;
  body_truncated: boolean;
};

/** What the list shows of one request. */
export type RequestLogSummary = {
  /** The request's `Kestrel-Request-Id`. */
  id: string;
  object: 'sandbox_request';
  method: string;
  /** The API path, such as `/v1/charges/ch_3MtwBwLk`, with its query string if any. */
  path: string;
  /** The documented operation it called, or null for an unrecognised path or the inbox. */
  operation_id: string | null;
  /** The operation's path parameters, so the console can send it again. */
  path_params: Record<string, string>;
  status: number;
  started_at: string;
  duration_ms: number;
};

/** One logged request in full: the summary with its request and response. */
export type RequestLogEntry = RequestLogSummary & {
  request: LoggedMessage;
  response: LoggedMessage;
};

/** A body cut to `MAX_LOGGED_BODY_BYTES` of UTF-8, ending with a marker that says how much went. */
export function truncateBody(text: string): { body: string; body_truncated: boolean } {
  const bytes = Buffer.from(text);
  if (bytes.length <= MAX_LOGGED_BODY_BYTES) return { body: text, body_truncated: false };
  // Decoding a cut sequence yields U+FFFD at the end: dropped, so the kept text is whole characters.
  const kept = bytes
    .subarray(0, MAX_LOGGED_BODY_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  const more = bytes.length - Buffer.byteLength(kept);
  return { body: `${kept}… [${more} more bytes not logged]`, body_truncated: true };
}

/** `Bearer kp_at_6a1f…9c3e`: enough to tell tokens apart, never enough to use one. */
export function maskAuthorization(value: string): string {
  const [scheme = '', token = ''] = value.trim().split(/ +/, 2);
  if (!token) return '…';
  const shown = token.length > 16 ? `${token.slice(0, 10)}…${token.slice(-4)}` : '…';
  return `${scheme} ${shown}`;
}

const withoutPrivateKey = (text: string) => text.replace(PRIVATE_KEY, PRIVATE_KEY_MASK);

/** Headers as logged: lower-case names, the Authorization masked, long values cut. */
export function loggedHeaders(headers: Iterable<[string, string]>): Record<string, string> {
  const logged: Record<string, string> = {};
  for (const [name, value] of headers) {
    const key = name.toLowerCase();
    const safe = key === 'authorization' ? maskAuthorization(value) : withoutPrivateKey(value);
    logged[key] =
      safe.length > MAX_LOGGED_HEADER_CHARACTERS
        ? `${safe.slice(0, MAX_LOGGED_HEADER_CHARACTERS)}…`
        : safe;
  }
  return logged;
}

/** One side of an exchange as the log keeps it. */
export function loggedMessage(headers: Iterable<[string, string]>, body: string): LoggedMessage {
  return { headers: loggedHeaders(headers), ...truncateBody(withoutPrivateKey(body)) };
}

/** Request headers the site's own server adds (the socket address under a secret name, the script nonce). */
const SERVER_ADDED_HEADER = new RegExp(
  `^(${SOCKET_ADDRESS_HEADER_PREFIX}|content-security-policy)`,
  'i',
);

/** A request as the log keeps it: what the client sent, without the headers the site's server adds. */
export function loggedRequestMessage(headers: Iterable<[string, string]>, body: string) {
  const sent = [...headers].filter(([name]) => !SERVER_ADDED_HEADER.test(name));
  return loggedMessage(sent, body);
}

/** The list's view of an entry: without its request and response. */
export function summaryOf(entry: RequestLogEntry): RequestLogSummary {
  const { id, object, method, path, operation_id, path_params, status } = entry;
  const { started_at, duration_ms } = entry;
  return { id, object, method, path, operation_id, path_params, status, started_at, duration_ms };
}

/** A page of the log, newest first, after the `starting_after` request, as the API's lists are. */
export function pageOfLog(
  entries: RequestLogEntry[],
  options: { limit: number; startingAfter?: string },
) {
  const after = options.startingAfter;
  const index = after ? entries.findIndex((entry) => entry.id === after) : -1;
  if (after && index < 0) {
    const message = `No request ${after} in this sandbox's log: it may have dropped off the end.`;
    throw new SandboxError('parameter_invalid', message, 'starting_after');
  }
  const start = index + 1;
  const page = entries.slice(start, start + options.limit);
  const hasMore = start + options.limit < entries.length;
  return {
    object: 'list' as const,
    data: page.map(summaryOf),
    has_more: hasMore,
    next_cursor: hasMore ? (page.at(-1)?.id ?? null) : null,
  };
}
