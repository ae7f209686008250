// The sandbox API as one Web request handler: each request admitted within its client's limits,
// routed to the inbox, the test clock, the request log or the API, refused as documented, logged.
import type { Config } from '@/lib/config/env';
import { clientAddress } from '@/lib/http/client-address';
import { loadDocument, type ApiDocument } from '@/lib/openapi/document';
import { safeJson } from '@/lib/search/safe-json';
import { authenticate, type Authenticate } from './auth';
import { errorResponse } from './errors';
import { readRequestBody, type RequestBody } from './http';
import { requestId } from './ids';
import { buildModel, type SandboxModel } from './model';
import {
  ConcurrencyLimiter,
  rateLimitHeaders,
  RateLimiter,
  type ClientRateLimiter,
} from './rate-limit';
import { createRequestLog } from './request-log-api';
import { refusalOf, tooManyRequests } from './request-refusals';
import { createRouter, type RouteAnswer } from './request-router';
import { sandboxesPerClient } from './store/limits';
import { MemoryStore } from './store/memory';
import type { SandboxStore } from './store/types';
import { runStory, tellStory, type StoryOutcome } from './story';
import type { StreamLimits } from './stream-capacity';
import { latestKeySigner, ownSigningKey } from './token-signing-key';
import { createValidator } from './validation';
import { versionOf } from './versions';

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * 1000;

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
  /** The document's story as told before, from the same document; told here when absent. */
  story?: StoryOutcome;
};

/** What a request sent and reached, for its log entry: its body, and its token's sandbox. */
type Sent = { body?: RequestBody; sandboxId?: string };

/** The response to an answered request, its headers joined to `headers`, in which they stay. */
function responseOf(result: RouteAnswer, headers: Record<string, string>): Response {
  if ('stream' in result) {
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
}

/** Answers `HEAD` as `GET`, without the body. */
async function answerHeadAsGet(request: Request, answer: (request: Request) => Promise<Response>) {
  if (request.method !== 'HEAD') return answer(request);
  const answered = await answer(new Request(request, { method: 'GET' }));
  await answered.body?.cancel();
  return new Response(null, { status: answered.status, headers: answered.headers });
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
  story,
}: SandboxOptions) {
  const model: SandboxModel = buildModel(document);
  const validator = createValidator(document);
  // Every sandbox starts from the document's story, told once before the first request.
  const storyTold = (story ? Promise.resolve(story) : runStory(model, validator)).then((outcome) =>
    tellStory(model, outcome),
  );
  const { limits } = config;
  // Per instance even with Redis: it guards this process, and a shared count leaks when one dies.
  const inProgress = new ConcurrencyLimiter(limits.concurrentRequests);
  const signer = latestKeySigner(signingKey);
  const requestLog = createRequestLog({ store, operations: model.operations.values() });
  const route = createRouter({
    model,
    store,
    validator,
    tokens: limiters.tokens,
    sign: signer.sign,
    clock,
    streamLimits,
    requestLog,
  });

  /** Answers one request under the sandbox's mount point, and logs it in the token's sandbox. */
  async function handle(request: Request): Promise<Response> {
    const [startedAt, started] = [clock(), performance.now()];
    const sent: Sent = {};
    const response = await answerHeadAsGet(request, (asked) => handleRequest(asked, sent));
    const durationMs = performance.now() - started;
    const body = sent.body?.text ?? '';
    const { sandboxId } = sent;
    await requestLog.record({ request, sandboxId, body, response, startedAt, durationMs });
    return response;
  }

  /** Counts a request against its client's rate, refusing one beyond it; the rate goes in `headers`. */
  async function takeRate(client: string, headers: Record<string, string>) {
    const rate = await limiters.requests.take(client, clock());
    Object.assign(headers, rateLimitHeaders(rate));
    if (!rate.allowed) {
      throw tooManyRequests(
        `Too many requests. Retry after ${rate.resetSeconds} seconds.`,
        rate.resetSeconds,
      );
    }
  }

  /** Authenticates a request's token, noting in `sent` the sandbox it opens, which logs the request. */
  const authenticateInto =
    (sent: Sent): Authenticate =>
    async (authorization, now) => {
      const sandbox = await authenticate(authorization, store, now, signer.sign);
      sent.sandboxId = sandbox.id;
      return sandbox;
    };

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
      await takeRate(client, headers);
      // Read in full before taking a place among the requests in progress: a slow sender holds none.
      const body = await readRequestBody(request, config.bodyTimeoutMs);
      sent.body = body;
      await signer.refresh();
      entered = inProgress.enter(client);
      if (!entered) {
        throw tooManyRequests(
          `More than ${limits.concurrentRequests} requests are in progress. Retry after 1 second.`,
          1,
        );
      }
      const caller = { client, onStreamEnd: leave };
      const now = clock();
      const result = await route({
        request,
        body,
        id,
        now,
        caller,
        authenticate: authenticateInto(sent),
      });
      // An open stream holds its place until it ends, however it ends: it calls `leave` then.
      streaming = 'stream' in result;
      return responseOf(result, headers);
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
