import { SANDBOX_ROUTE } from '@/lib/routes';
import { bearerTokenOf, sandboxIdOf, type Authenticate } from './auth';
import { SandboxError } from './errors';
import { sandboxPath } from './http';
import type { SandboxOperation } from './model';
import {
  DEFAULT_REQUEST_LOG_PAGE,
  loggedMessage,
  loggedRequestMessage,
  MAX_LOGGED_REQUESTS,
  pageOfLog,
} from './request-log';
import { StoreUnavailableError, type SandboxStore } from './store/types';

/** The log's own endpoints: reading the log is not logged, so a refreshing view never fills it. */
const isLogPath = (path: string) => path === '/requests' || path.startsWith('/requests/');

/**
 * Reads of the sandbox's tools, not calls to the API: the test clock, the inbox and its stream.
 * The workbench reads them every few seconds, and a script may poll them for an event; logged,
 * they would push the reader's API requests off the end of the log. Their writes stay logged.
 */
const TOOL_READS = new Set(['/clock', '/inbox', '/inbox/stream']);
const isToolRead = (method: string, path: string) =>
  (method === 'GET' || method === 'HEAD') && TOOL_READS.has(path);

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The documented operation a method and path call, with its path parameters; literal segments win. */
export function operationMatcher(operations: Iterable<SandboxOperation>) {
  const routes = [...operations].map((operation) => ({
    operation,
    segments: operation.path.split('/').map((segment) => /^\{(.+)\}$/.exec(segment)?.[1] ?? null),
    literals: operation.path.split('/'),
  }));
  return (method: string, path: string) => {
    const segments = path.split('/');
    let best: { operationId: string; params: Record<string, string> } | undefined;
    let fewestParams = Infinity;
    for (const { operation, segments: names, literals } of routes) {
      if (operation.method !== method.toLowerCase() || names.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const fits = names.every((name, index) =>
        name === null
          ? literals[index] === segments[index]
          : Boolean((params[name] = decoded(segments[index]!))),
      );
      const count = Object.keys(params).length;
      if (fits && count < fewestParams) {
        best = { operationId: operation.operationId, params };
        fewestParams = count;
      }
    }
    return best;
  };
}

/** The `limit` of a page of the log: 1 to `MAX_LOGGED_REQUESTS`, 20 when absent. */
function limitOf(value: string | null): number {
  if (value === null) return DEFAULT_REQUEST_LOG_PAGE;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_LOGGED_REQUESTS) {
    throw new SandboxError(
      'parameter_invalid',
      `The limit parameter must be a whole number from 1 to ${MAX_LOGGED_REQUESTS}.`,
      'limit',
    );
  }
  return limit;
}

/** One served request, as the sandbox answered it. */
export type ServedRequest = {
  request: Request;
  /** The sandbox its token was authenticated into, when it was: a created key pair's works in another's. */
  sandboxId?: string;
  /** The request body as sent, read by the sandbox (empty when it was not read). */
  body: string;
  response: Response;
  startedAt: number;
  durationMs: number;
};

/**
 * The request log of every sandbox: `record` keeps each request that names a known sandbox's
 * token, except reads of the log, the clock and the inbox, and `answer` serves `GET /requests` and `GET /requests/{request id}` to its owner.
 */
export function createRequestLog(options: {
  store: SandboxStore;
  operations: Iterable<SandboxOperation>;
}) {
  const { store } = options;
  const match = operationMatcher(options.operations);

  async function record(served: ServedRequest) {
    const { request, body, response, startedAt, durationMs } = served;
    const url = new URL(request.url);
    const path = sandboxPath(url, SANDBOX_ROUTE);
    const token = bearerTokenOf(request.headers.get('authorization') ?? undefined);
    if (!token || isLogPath(path) || isToolRead(request.method, path)) return;
    const streamed = response.headers.get('content-type')?.startsWith('text/event-stream');
    const operation = match(request.method, path);
    try {
      const answered = streamed ? '' : await response.clone().text();
      await store.logRequest(served.sandboxId ?? sandboxIdOf(token), {
        id: response.headers.get('kestrel-request-id') ?? '',
        object: 'sandbox_request',
        method: request.method,
        path: `${path}${url.search}`,
        operation_id: operation?.operationId ?? null,
        path_params: operation?.params ?? {},
        status: response.status,
        started_at: new Date(startedAt).toISOString(),
        duration_ms: Math.round(durationMs),
        request: loggedRequestMessage(request.headers, body),
        response: loggedMessage(response.headers, answered),
      });
    } catch (caught) {
      // The answer stands without its log entry; the store's connection reports its own outage.
      if (!(caught instanceof StoreUnavailableError)) console.error('Request log:', caught);
    }
  }

  /** Whether a path is one of the log's endpoints. */
  const handles = isLogPath;

  async function answer(request: Request, path: string, now: number, authenticate: Authenticate) {
    const sandbox = await authenticate(request.headers.get('authorization') ?? undefined, now);
    if (request.method !== 'GET') {
      const message = `The request log is read-only: ${request.method} ${path} is not an endpoint. Use GET.`;
      throw new SandboxError('resource_missing', message);
    }
    const entries = await store.loggedRequests(sandbox.id);
    if (path === '/requests') {
      const query = new URL(request.url).searchParams;
      const startingAfter = query.get('starting_after') ?? undefined;
      return {
        status: 200,
        body: pageOfLog(entries, { limit: limitOf(query.get('limit')), startingAfter }),
      };
    }
    const id = decoded(path.slice('/requests/'.length));
    const entry = entries.find((candidate) => candidate.id === id);
    if (!entry) {
      const message = `No request ${id} in this sandbox's log: it may have dropped off the end (the log keeps the last ${MAX_LOGGED_REQUESTS}).`;
      throw new SandboxError('resource_missing', message, 'id');
    }
    return { status: 200, body: entry };
  }

  return { record, handles, answer };
}
