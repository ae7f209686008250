import { audited } from './audit';
import { issueToken, sandboxIdOf, type Authenticate, type TokenSigner } from './auth';
import { execute } from './engine';
import { SandboxError } from './errors';
import { SandboxEvents } from './events';
import { headersOf, type RequestBody } from './http';
import { fingerprint, idempotently, type VersionedAnswer } from './idempotency';
import { freshIds, type IdMaker } from './ids';
import type { Json, RequestContext, SandboxContext } from './machines/types';
import type { SandboxModel } from './model';
import { SandboxObjects } from './objects';
import { requireRoles } from './permissions';
import { rateLimitHeaders, type ClientRateLimiter } from './rate-limit';
import { scenarioFor } from './scenarios';
import { datedSteps, seedOffset } from './seed-dates';
import { applyDueSteps, scheduler } from './steps';
import type { EventRequest, SandboxRecord, SandboxStore } from './store/types';
import { sandboxTime } from './test-clock';
import type { RequestValidator, ValidRequest } from './validation';
import { actionsNeedIdempotencyKey, readIn, versionOf, writeIn } from './versions';

/** One request to the API, with what the sandbox knows about its sender. */
export type ApiRequest = {
  request: Request;
  /** The API path, such as `/v1/charges`. */
  path: string;
  now: number;
  requestId: string;
  client: string;
  /** The body, read in full before the request took a place among those in progress. */
  body: RequestBody;
  /** Authenticates the request's token, noting the sandbox it opens for the request log. */
  authenticate: Authenticate;
};

/**
 * The sandbox's state at one moment, for a request or for steps that fall due; `request` is the
 * API request acting, which its events name, or null for time passing.
 */
export function sandboxContext(
  model: SandboxModel,
  store: SandboxStore,
  sandbox: SandboxRecord,
  now: number,
  {
    request = null,
    newId = freshIds(model.prefixOfKind),
  }: { request?: EventRequest | null; newId?: IdMaker } = {},
): SandboxContext {
  const objects = new SandboxObjects(model, store, sandbox, now);
  return {
    model,
    sandbox,
    objects,
    events: new SandboxEvents(model, store, sandbox, newId),
    now,
    newId,
    request,
    schedule: scheduler(store, sandbox.id, now, (object) => objects.keyOf(object), request),
  };
}

/**
 * The API under `/v1`: routes a request, issues tokens, authenticates, validates, and runs the
 * operation on the token's sandbox under its `Idempotency-Key`.
 */
export function createApi(options: {
  model: SandboxModel;
  store: SandboxStore;
  validator: RequestValidator;
  /** Tokens each client may request per minute. */
  tokens: ClientRateLimiter;
  sign: TokenSigner;
}) {
  const { model, store, validator, tokens, sign } = options;

  /** Queues in a new sandbox what the story leaves to come, dated from its opening. */
  async function startFromStory(token: string, now: number) {
    const sandbox = (await store.sandbox(sandboxIdOf(token), now))!;
    for (const step of datedSteps(model, seedOffset(model, sandbox))) {
      await store.schedule(sandbox.id, step);
    }
  }

  async function issue({ request, path, now, client, body }: ApiRequest, version: string) {
    const allowance = await tokens.take(client, now);
    if (!allowance.allowed) {
      // The counters of the token allowance, not of the requests per second.
      throw new SandboxError(
        'rate_limit_exceeded',
        `Too many access tokens requested. Reuse the token you have, or retry after ${allowance.resetSeconds} seconds.`,
        null,
        { 'Retry-After': String(allowance.resetSeconds), ...rateLimitHeaders(allowance) },
      );
    }
    if (body.problem) throw body.problem;
    const url = new URL(request.url);
    const query = url.search.slice(1);
    validator.validate({
      method: request.method,
      path,
      query,
      headers: headersOf(request),
      body: body.value,
    });
    const roles = model.roles;
    const token = await issueToken(body.value as Json, { store, now, sign, roles, client });
    await startFromStory(token.access_token, now);
    return { status: 200, body: token, version };
  }

  return async function answer(call: ApiRequest): Promise<VersionedAnswer> {
    const { request, path, now, requestId, body } = call;
    const operation = model.operations.get(validator.route({ method: request.method, path }))!;
    const headers = headersOf(request);
    const version = versionOf(model.versions, headers['kestrel-version']);
    if (operation.shape === 'token') return issue(call, version);
    const sandbox = await call.authenticate(headers.authorization, now);
    // The sandbox's objects live on its test clock; the token and idempotency keys on real time.
    const sandboxNow = await sandboxTime(store, sandbox.id, now);
    body.value = readIn(version, operation.kind, body.value);
    // Before anything runs or is stored, as a refusal of the token itself is.
    requireRoles(operation.access, sandbox.roles, body.value);
    // Before 2026-03-01 an action, such as a capture, took no Idempotency-Key.
    const optional =
      operation.shape === 'action' && !actionsNeedIdempotencyKey(version)
        ? ['Idempotency-Key']
        : [];
    let valid: ValidRequest | SandboxError;
    try {
      if (body.problem) throw body.problem;
      const query = new URL(request.url).search.slice(1);
      const incoming = { method: request.method, path, query, headers, body: body.value };
      valid = validator.validate(incoming, optional);
    } catch (caught) {
      if (!(caught instanceof SandboxError)) throw caught;
      valid = caught;
    }
    // What fell due happens whatever becomes of the request.
    await applyDueSteps(store, sandbox.id, sandboxContext(model, store, sandbox, sandboxNow));
    const key = headers['idempotency-key'];
    // Runs inside the store's atomic section: a refusal or a full sandbox leaves nothing behind.
    const run = async () => {
      if (valid instanceof SandboxError) throw valid;
      const requestBody = (body.value ?? {}) as Json;
      const scenario = scenarioFor(model.scenarios, operation, {
        body: requestBody,
        params: valid.params,
        query: valid.query,
      });
      const requestContext: RequestContext = {
        ...sandboxContext(model, store, sandbox, sandboxNow, {
          request: { id: requestId, idempotency_key: key ?? null },
        }),
        operation,
        params: valid.params,
        query: valid.query,
        body: requestBody,
        scenario,
      };
      const caller = { apiKeyId: sandbox.apiKeyId ?? null, address: call.client, requestId };
      const answer = await audited(requestContext, caller, () => execute(requestContext));
      return { ...answer, body: writeIn(version, answer.body) };
    };
    const keyIsValid = !(valid instanceof SandboxError && valid.param === 'Idempotency-Key');
    if (!operation.idempotent || key === undefined || !keyIsValid) {
      return { ...(await store.atomically(sandbox.id, run)), version };
    }
    return idempotently(
      {
        store,
        sandboxId: sandbox.id,
        key,
        fingerprint: fingerprint(
          operation.operationId,
          path,
          body.problem ? body.text : body.value,
        ),
        now,
        requestId,
        version,
        errors: model.errors,
      },
      run,
    );
  };
}
