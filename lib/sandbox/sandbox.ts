import { loadDocument, type ApiDocument } from '@/lib/openapi/document';
import { safeJson } from '@/lib/search/safe-json';
import { authenticate, issueToken } from './auth';
import type { Config } from '@/lib/config/env';
import { execute } from './engine';
import { errorResponse, SandboxError } from './errors';
import { SandboxEvents } from './events';
import { clientOf, headersOf, readJsonBody, sandboxPath } from './http';
import { fingerprint, idempotently, type Answer } from './idempotency';
import { requestId } from './ids';
import { answerInbox } from './inbox';
import type { Json, RequestContext, SandboxContext } from './machines/types';
import { buildModel, type SandboxModel } from './model';
import { scenarioFor } from './model/scenarios';
import { SandboxObjects } from './objects';
import { rateLimitHeaders, RateLimiter } from './rate-limit';
import { applyDueSteps, scheduler } from './steps';
import { MemoryStore } from './store/memory';
import { SandboxFullError, type SandboxRecord, type SandboxStore } from './store/types';
import { createValidator } from './validation';

/** Where the sandbox is served: `/sandbox/v1/charges` is `/v1/charges` of the API. */
export const SANDBOX_MOUNT = '/sandbox';

export type SandboxOptions = {
  config: Config['sandbox'];
  document?: ApiDocument;
  store?: SandboxStore;
  /** The current time in epoch milliseconds; tests move it to expire tokens and settle steps. */
  clock?: () => number;
};

/** The sandbox API, answering Web requests: one instance per server process. */
export function createSandbox({
  config,
  document = loadDocument(),
  store = new MemoryStore(),
  clock = Date.now,
}: SandboxOptions) {
  const model: SandboxModel = buildModel(document);
  const validator = createValidator(document);
  const limiter = new RateLimiter(config.rateLimitRequests);
  const replayHeader = [...model.headers].find((name) => name.includes('replayed'));

  function contextFor(sandbox: SandboxRecord, now: number): SandboxContext {
    const objects = new SandboxObjects(model, store, sandbox.id);
    return {
      model,
      sandbox,
      objects,
      events: new SandboxEvents(model, store, sandbox),
      now,
      schedule: scheduler(store, sandbox.id, now, (object) => objects.keyOf(object)),
    };
  }

  async function answerApi(
    request: Request,
    path: string,
    now: number,
    id: string,
  ): Promise<Answer & { replayed?: boolean }> {
    const url = new URL(request.url);
    const body =
      request.method === 'GET' || request.method === 'DELETE'
        ? undefined
        : await readJsonBody(request);
    const headers = headersOf(request);
    const valid = validator.validate({
      method: request.method,
      path,
      query: url.search.slice(1),
      headers,
      body,
    });
    const operation = model.operations.get(valid.operationId)!;
    if (operation.shape === 'token')
      return { status: 200, body: await issueToken(body as Json, store, now) };
    const sandbox = await authenticate(headers.authorization, store, now);
    return store.exclusive(sandbox.id, async () => {
      const context: RequestContext = {
        ...contextFor(sandbox, now),
        operation,
        params: valid.params,
        query: valid.query,
        body: (body ?? {}) as Json,
        scenario: scenarioFor(model.scenarios, operation.operationId, body),
      };
      await applyDueSteps(store, sandbox.id, context);
      const key = operation.idempotent ? headers['idempotency-key'] : undefined;
      const record = { store, sandboxId: sandbox.id, now, requestId: id, errors: model.errors };
      if (!key) return execute(context);
      return idempotently(
        { ...record, key, fingerprint: fingerprint(operation.operationId, path, body) },
        () => execute(context),
      );
    });
  }

  async function answerInboxRequest(request: Request, path: string, now: number) {
    const sandbox = await authenticate(
      request.headers.get('authorization') ?? undefined,
      store,
      now,
    );
    // Settles what fell due; a stream asks before each look at the inbox, and ends with the token.
    const poll = async () => {
      const at = clock();
      await store.exclusive(sandbox.id, () =>
        applyDueSteps(store, sandbox.id, contextFor(sandbox, at)),
      );
      return at < sandbox.expiresAt;
    };
    await poll();
    return answerInbox({
      method: request.method,
      path,
      store,
      sandbox,
      events: new SandboxEvents(model, store, sandbox),
      now,
      lastEventId: request.headers.get('last-event-id'),
      poll,
    });
  }

  /** Answers one request under the sandbox's mount point. */
  async function handle(request: Request): Promise<Response> {
    if (!config.enabled) return new Response('Not Found', { status: 404 });
    const id = requestId();
    const now = clock();
    const rate = limiter.take(clientOf(request), now);
    const common = { 'Kestrel-Request-Id': id, ...rateLimitHeaders(rate, model.headers) };
    try {
      if (!rate.allowed) {
        throw new SandboxError(
          'rate_limit_exceeded',
          `Too many requests. Retry after ${rate.resetSeconds} seconds.`,
          null,
          {
            'Retry-After': String(rate.resetSeconds),
          },
        );
      }
      const path = sandboxPath(new URL(request.url), SANDBOX_MOUNT);
      if (path === '/inbox' || path.startsWith('/inbox/')) {
        const answer = await answerInboxRequest(request, path, now);
        if ('stream' in answer) {
          return new Response(answer.stream, {
            headers: {
              ...common,
              'content-type': 'text/event-stream',
              'cache-control': 'no-store',
              'x-accel-buffering': 'no',
            },
          });
        }
        return safeJson(answer.body, answer.status, common);
      }
      const answer = await answerApi(request, path, now, id);
      const headers =
        answer.replayed && replayHeader ? { ...common, [replayHeader]: 'true' } : common;
      return safeJson(answer.body, answer.status, headers);
    } catch (caught) {
      const error =
        caught instanceof SandboxFullError
          ? new SandboxError(
              'rate_limit_exceeded',
              `${caught.message} Request a new access token for a fresh sandbox.`,
              null,
              { 'Retry-After': '1' },
            )
          : caught;
      if (!(error instanceof SandboxError)) throw caught;
      const { status, body } = errorResponse(error, model.errors, id);
      return safeJson(body, status, { ...common, ...error.headers });
    }
  }

  return { handle, store, model };
}
