// Which part of the sandbox serves a request: the webhook inbox, the test clock, the request log,
// or else the API under `/v1`.
import { SANDBOX_ROUTE } from '@/lib/routes';
import { createApi } from './api';
import type { Authenticate, TokenSigner } from './auth';
import { sandboxPath, type RequestBody } from './http';
import type { Answer, VersionedAnswer } from './idempotency';
import type { InboxAnswer } from './inbox';
import { createInboxApi, type Caller } from './inbox-api';
import type { SandboxModel } from './model';
import type { ClientRateLimiter } from './rate-limit';
import type { createRequestLog } from './request-log-api';
import type { SandboxStore } from './store/types';
import type { StreamLimits } from './stream-capacity';
import { createTestClock } from './test-clock-api';
import type { RequestValidator } from './validation';

/** A request to route, with what it sent and who sent it. */
export type RoutedRequest = {
  request: Request;
  body: RequestBody;
  id: string;
  now: number;
  caller: Caller;
  authenticate: Authenticate;
};

/**
 * What a route answers: the API's answer in its version, or another part's, which never replays;
 * the inbox's may be an open event stream.
 */
export type RouteAnswer = VersionedAnswer | ((InboxAnswer | Answer) & { replayed: boolean });

/** Hands a request to what serves its path; only the API's answers can replay. */
export function createRouter(options: {
  model: SandboxModel;
  store: SandboxStore;
  validator: RequestValidator;
  /** Tokens each client may request per minute. */
  tokens: ClientRateLimiter;
  sign: TokenSigner;
  clock: () => number;
  streamLimits?: Partial<StreamLimits>;
  requestLog: ReturnType<typeof createRequestLog>;
}) {
  const { model, store, validator, tokens, sign, clock, streamLimits, requestLog } = options;
  const api = createApi({ model, store, validator, tokens, sign });
  const inbox = createInboxApi({ model, store, clock, streamLimits });
  const testClock = createTestClock({ model, store });

  return async function route({
    request,
    body,
    id,
    now,
    caller,
    authenticate,
  }: RoutedRequest): Promise<RouteAnswer> {
    const path = sandboxPath(new URL(request.url), SANDBOX_ROUTE);
    if (inbox.handles(path)) {
      return {
        ...(await inbox.answer(request, path, now, body, authenticate, caller)),
        replayed: false,
      };
    }
    if (testClock.handles(path)) {
      return {
        ...(await testClock.answer(request, path, now, body, authenticate)),
        replayed: false,
      };
    }
    if (requestLog.handles(path)) {
      return { ...(await requestLog.answer(request, path, now, authenticate)), replayed: false };
    }
    return api({ request, path, now, requestId: id, client: caller.client, body, authenticate });
  };
}
