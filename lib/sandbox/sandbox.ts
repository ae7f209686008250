import type { Config } from '@/lib/config/env';
import { BodyAbortedError } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client-address';
import { loadDocument, type ApiDocument } from '@/lib/openapi/document';
import { safeJson } from '@/lib/search/safe-json';
import { createApi, sandboxContext } from './api';
import { randomBytes } from 'node:crypto';
import { authenticate, tokenSigner, type Authenticate, type TokenSigner } from './auth';
import { errorResponse, SandboxError } from './errors';
import { readRequestBody, sandboxPath, type RequestBody } from './http';
import { requestId } from './ids';
import { answerInbox } from './inbox';
import { buildModel, type SandboxModel } from './model';
import { createRequestLog } from './request-log-api';
import {
  ConcurrencyLimiter,
  rateLimitHeaders,
  RateLimiter,
  type ClientRateLimiter,
} from './rate-limit';
import { signingSecrets } from './signing-secrets';
import { StreamCapacity, type StreamLimits } from './stream-capacity';
import { applyDueSteps } from './steps';
import { runStory, tellStory } from './story';
import { sandboxTime } from './test-clock';
import { createTestClock } from './test-clock-api';
import { sandboxesPerClient } from './store/limits';
import { MemoryStore } from './store/memory';
import { SandboxFullError, StoreUnavailableError, type SandboxStore } from './store/types';
import { createValidator } from './validation';
import { versionOf } from './versions';
import { SANDBOX_ROUTE } from '@/lib/routes';

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * 1000;
/** Seconds a client waits before retrying while the shared store is down. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/** What the instances serving one sandbox share; by default each process keeps its own. */
export type SharedState = {
  store: SandboxStore;
  /** Requests per second and access tokens per minute, counted per client. */
  limiters: { requests: ClientRateLimiter; tokens: ClientRateLimiter };
  /** The key access tokens are signed with. */
  signingKey: () => Promise<Buffer>;
  /** Settles once the shared store first answered (or gave up): the first requests wait for it. */
  connected: Promise<void>;
};

export type SandboxOptions = Partial<SharedState> & {
  config: Config['sandbox'] & { trustProxy: boolean };
  document?: ApiDocument;
  /** The current time in epoch milliseconds; tests move it to expire tokens and settle steps. */
  clock?: () => number;
  /** Caps on open inbox streams: the documented ones unless a test asks for smaller. */
  streamLimits?: Partial<StreamLimits>;
};

/** What a request sent and reached, for its log entry: its body, and its token's sandbox. */
type Sent = { body?: RequestBody; sandboxId?: string };

/** Who sent a request, and what frees their place among requests in progress as a stream ends. */
type Caller = { client: string; onStreamEnd: () => void };

const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new SandboxError('rate_limit_exceeded', message, null, {
    'Retry-After': String(retryAfterSeconds),
  });

/** The documented refusal for whatever a request ran into; anything unforeseen is a logged 500. */
function refusalOf(caught: unknown, id: string): SandboxError {
  if (caught instanceof SandboxError) return caught;
  if (caught instanceof SandboxFullError) {
    return new SandboxError(
      'sandbox_full',
      `${caught.message} Request a new access token for a fresh sandbox.`,
    );
  }
  // The store's connection logs the outage once, not each request it refuses.
  if (caught instanceof StoreUnavailableError) {
    return new SandboxError(
      'service_unavailable',
      `The sandbox is briefly unavailable. Retry after ${UNAVAILABLE_RETRY_SECONDS} seconds with the same Idempotency-Key.`,
      null,
      { 'Retry-After': String(UNAVAILABLE_RETRY_SECONDS) },
    );
  }
  if (caught instanceof BodyAbortedError) {
    // Nobody is left to answer, and nothing failed here: a notice, not a stack.
    console.warn(`Sandbox request ${id}: ${caught.message}`);
    return new SandboxError('parameter_invalid', caught.message);
  }
  console.error(`Sandbox request ${id} failed:`, caught);
  return new SandboxError(
    'internal_error',
    'An unexpected error occurred. Retry with the same Idempotency-Key.',
  );
}

/** A key of this process alone, as signs the tokens of a sandbox no other instance serves. */
function ownSigningKey() {
  const key = randomBytes(32);
  return () => Promise.resolve(key);
}

/** The sandbox API and its webhook inbox, answering Web requests: one instance per server process. */
export function createSandbox({
  config,
  document = loadDocument(),
  store = new MemoryStore({
    maxSandboxesPerClient: sandboxesPerClient(config.limits.tokensPerMinute),
  }),
  limiters = {
    requests: new RateLimiter(config.limits.requestsPerSecond, SECOND_MS),
    tokens: new RateLimiter(config.limits.tokensPerMinute, MINUTE_MS),
  },
  signingKey = ownSigningKey(),
  connected,
  clock = Date.now,
  streamLimits,
}: SandboxOptions) {
  const model: SandboxModel = buildModel(document);
  const validator = createValidator(document);
  // Every sandbox starts from the document's story, told once before the first request.
  const storyTold = runStory(model, validator).then((outcome) => tellStory(model, outcome));
  const { limits } = config;
  // Per instance even with Redis: it guards this process, and a shared count leaks when one dies.
  const inProgress = new ConcurrencyLimiter(limits.concurrentRequests);
  const streams = new StreamCapacity(streamLimits);
  // Signs with the key read for the latest request: one key, or the shared key as last read.
  let currentSigner: TokenSigner | undefined;
  let signedKey: Buffer | undefined;
  const sign: TokenSigner = (unsigned) => currentSigner!(unsigned);
  const readSigningKey = async () => {
    const key = await signingKey();
    if (key !== signedKey) [signedKey, currentSigner] = [key, tokenSigner(key)];
  };
  const api = createApi({
    model,
    store,
    validator,
    tokens: limiters.tokens,
    sign,
  });
  const requestLog = createRequestLog({ store, operations: model.operations.values() });
  const testClock = createTestClock({ model, store });

  async function answerInboxRequest(
    request: Request,
    path: string,
    now: number,
    body: RequestBody,
    authenticate: Authenticate,
    { client, onStreamEnd }: Caller,
  ) {
    const sandbox = await authenticate(request.headers.get('authorization') ?? undefined, now);
    // Settles what fell due; a stream asks before each look at the inbox, and ends with the token.
    const poll = async () => {
      const at = clock();
      const sandboxNow = await sandboxTime(store, sandbox.id, at);
      await applyDueSteps(store, sandbox.id, sandboxContext(model, store, sandbox, sandboxNow));
      return at < sandbox.expiresAt;
    };
    await poll();
    const sandboxNow = await sandboxTime(store, sandbox.id, now);
    return answerInbox({
      method: request.method,
      path,
      store,
      sandbox,
      now,
      context: sandboxContext(model, store, sandbox, sandboxNow),
      secrets: async () => {
        const at = await sandboxTime(store, sandbox.id, clock());
        const { secret, previous, previousExpiresAt } = await signingSecrets(store, sandbox, at);
        return {
          signing_secret: secret,
          ...(previous
            ? { previous_signing_secret: previous, previous_secret_expires_at: previousExpiresAt! }
            : {}),
        };
      },
      lastEventId: request.headers.get('last-event-id'),
      body,
      poll,
      streaming: { client, streams, onEnd: onStreamEnd },
    });
  }

  async function answer(
    request: Request,
    body: RequestBody,
    id: string,
    now: number,
    caller: Caller,
    authenticate: Authenticate,
  ) {
    const path = sandboxPath(new URL(request.url), SANDBOX_ROUTE);
    if (path === '/inbox' || path.startsWith('/inbox/')) {
      return {
        ...(await answerInboxRequest(request, path, now, body, authenticate, caller)),
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
  }

  /** Answers one request under the sandbox's mount point, and logs it in the token's sandbox. */
  async function handle(request: Request): Promise<Response> {
    const [startedAt, started] = [clock(), performance.now()];
    const sent: Sent = {};
    const response = await handleMethod(request, sent);
    const durationMs = performance.now() - started;
    const body = sent.body?.text ?? '';
    const { sandboxId } = sent;
    await requestLog.record({ request, sandboxId, body, response, startedAt, durationMs });
    return response;
  }

  /** Answers `HEAD` as `GET`, without the body. */
  async function handleMethod(request: Request, sent: Sent) {
    if (request.method !== 'HEAD') return handleRequest(request, sent);
    const answered = await handleRequest(new Request(request, { method: 'GET' }), sent);
    await answered.body?.cancel();
    return new Response(null, { status: answered.status, headers: answered.headers });
  }

  async function handleRequest(request: Request, sent: Sent): Promise<Response> {
    if (!config.enabled) return new Response('Not Found', { status: 404 });
    const id = requestId();
    const client = clientAddress(request, config.trustProxy);
    const headers: Record<string, string> = {
      'Kestrel-Request-Id': id,
      'Kestrel-Version': versionOf(model.versions, request.headers.get('kestrel-version')),
    };
    let [entered, streaming] = [false, false];
    // Frees the client's place among the requests in progress, once.
    const leave = () => {
      if (entered) inProgress.leave(client);
      entered = false;
    };
    try {
      await connected;
      await storyTold;
      const rate = await limiters.requests.take(client, clock());
      Object.assign(headers, rateLimitHeaders(rate));
      if (!rate.allowed) {
        throw tooManyRequests(
          `Too many requests. Retry after ${rate.resetSeconds} seconds.`,
          rate.resetSeconds,
        );
      }
      // Read in full before taking a place among the requests in progress: a slow sender holds none.
      const body = await readRequestBody(request, config.bodyTimeoutMs);
      sent.body = body;
      await readSigningKey();
      entered = inProgress.enter(client);
      if (!entered) {
        throw tooManyRequests(
          `More than ${limits.concurrentRequests} requests are in progress. Retry after 1 second.`,
          1,
        );
      }
      // Notes the sandbox the token opens, which the request is logged in.
      const authenticateInto: Authenticate = async (authorization, now) => {
        const sandbox = await authenticate(authorization, store, now, sign);
        sent.sandboxId = sandbox.id;
        return sandbox;
      };
      const caller = { client, onStreamEnd: leave };
      const result = await answer(request, body, id, clock(), caller, authenticateInto);
      if ('stream' in result) {
        // An open stream holds its place until it ends, however it ends: it calls `leave` then.
        streaming = true;
        return new Response(result.stream, {
          headers: {
            ...headers,
            'content-type': 'text/event-stream',
            'cache-control': 'no-store',
            'x-accel-buffering': 'no',
          },
        });
      }
      if ('version' in result) headers['Kestrel-Version'] = result.version;
      if (result.replayed) headers['Idempotent-Replayed'] = 'true';
      return safeJson(result.body, result.status, headers);
    } catch (caught) {
      const refusal = refusalOf(caught, id);
      const { status, body } = errorResponse(refusal, model.errors, id);
      return safeJson(body, status, { ...headers, ...refusal.headers });
    } finally {
      if (!streaming) leave();
    }
  }

  return { handle, store, model };
}
