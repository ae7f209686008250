// The tab's sandbox request log as the browser reads it: the newest requests, one in full, and
// the console link that sends one again.
import type { Replay } from '@/lib/console/replay';
import { encodeShared } from '@/lib/console/share';
import { sandboxRoute } from '@/lib/routes';
import type { RequestLogEntry, RequestLogSummary } from '@/lib/sandbox/request-log';
import { sandboxFailure } from './send';

/** How many of the newest requests the workbench lists. */
export const LISTED_REQUESTS = 50;
/** How often an open log looks for requests sent from elsewhere, such as a terminal. */
export const LOG_REFRESH_MS = 5000;

async function read<T>(path: string, token: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(sandboxRoute(path), {
    headers: { authorization: `Bearer ${token}` },
    signal,
  });
  const body = (await response.json().catch(() => null)) as T | null;
  if (!response.ok || !body) throw new Error(sandboxFailure(response.status, body));
  return body;
}

/** The newest requests of the token's sandbox, newest first. */
export async function loadRequestLog(token: string, signal?: AbortSignal) {
  const page = await read<{ data: RequestLogSummary[] }>(
    `/requests?limit=${LISTED_REQUESTS}`,
    token,
    signal,
  );
  return page.data;
}

/** One logged request with its request and response. */
export const loadLoggedRequest = (token: string, id: string) =>
  read<RequestLogEntry>(`/requests/${encodeURIComponent(id)}`, token);

/** A body as JSON when it is whole JSON, for the tree view; undefined otherwise. */
export function jsonOf(body: string, truncated: boolean): unknown {
  if (truncated || !body.trim()) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What opens this request again in a console: the share value of its operation and values (never
 * its key), and which request it replays with the key it sent; undefined when no console sends it.
 */
export function replayOf(entry: RequestLogEntry): { share: string; replay: Replay } | undefined {
  if (!entry.operation_id) return undefined;
  const url = new URL(entry.path, 'http://log.invalid');
  const version = entry.request.headers['kestrel-version'];
  const key = entry.request.headers['idempotency-key'];
  const body = jsonOf(entry.request.body, entry.request.body_truncated);
  const share = encodeShared(entry.operation_id, {
    path: entry.path_params,
    query: Object.fromEntries(url.searchParams),
    headers: version ? { 'Kestrel-Version': version } : {},
    ...(body === undefined ? {} : { body }),
  });
  return { share, replay: { requestId: entry.id, ...(key ? { idempotencyKey: key } : {}) } };
}
