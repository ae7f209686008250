import { z } from 'zod';
import { SandboxError } from './errors';
import { countReportedResult } from './failing-deliveries';
import type { RequestBody } from './http';
import { inboxStream, type InboxSecrets, type InboxStreamOptions } from './inbox-stream';
import type { SandboxContext } from './machines/types';
import type { Delivery, DeliveryResult, SandboxRecord, SandboxStore } from './store/types';

export type InboxAnswer =
  { status: number; body: unknown } | { stream: ReadableStream<Uint8Array> };

/** The longest reason a forwarder may give for not reaching its handler. */
const MAX_RESULT_ERROR_LENGTH = 500;

/** What a forwarder reports of one delivery: the handler's status, or why it was not reached. */
const reportedResult = z
  .strictObject({
    status: z.int().min(100).max(599).optional(),
    error: z.string().min(1).max(MAX_RESULT_ERROR_LENGTH).optional(),
    duration_ms: z.int().min(0),
  })
  .refine((result) => (result.status === undefined) !== (result.error === undefined), {
    message: 'Send either status (the handler answered) or error (it could not be reached).',
  });

/**
 * The inbox as JSON: the signing secret (and, during a rotation's overlap, the one before it) and
 * every delivery, newest first, with its result.
 */
async function listing(store: SandboxStore, sandbox: SandboxRecord, secrets: InboxSecrets) {
  const [deliveries, results] = await Promise.all([
    store.deliveries(sandbox.id),
    store.deliveryResults(sandbox.id),
  ]);
  return {
    object: 'list',
    ...(await secrets()),
    data: deliveries.map((delivery) =>
      results[delivery.id] ? { ...delivery, result: results[delivery.id] } : delivery,
    ),
  };
}

/** Whether a handler's answer acknowledged the delivery: a 2xx status. */
const acknowledged = (result: DeliveryResult) =>
  result.status !== undefined && result.status >= 200 && result.status < 300;

/**
 * Keeps how the reader's handler answered a delivery, as their forwarder reports it: a failure
 * is retried on the documented schedule, and counts towards disabling the sandbox's endpoints.
 */
async function saveResult(
  context: SandboxContext,
  store: SandboxStore,
  deliveryId: string,
  body: RequestBody,
  now: number,
) {
  if (body.problem) throw body.problem;
  const parsed = reportedResult.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const param = issue.path.join('.') || null;
    throw new SandboxError(
      'parameter_invalid',
      `The ${param ?? 'body'} parameter is not valid: ${issue.message.replace(/\.?$/, '.')}`,
      param,
    );
  }
  const { sandbox } = context;
  const result: DeliveryResult = { ...parsed.data, reported_at: new Date(now).toISOString() };
  if (!(await store.saveDeliveryResult(sandbox.id, deliveryId, result))) {
    throw new SandboxError(
      'resource_missing',
      `No delivery ${deliveryId} in this sandbox's inbox.`,
      'id',
    );
  }
  const deliveries = await store.deliveries(sandbox.id);
  const delivery = deliveries.find((candidate) => candidate.id === deliveryId)!;
  const retryAfterSeconds = context.model.delivery.retry_after_seconds;
  const attempt = delivery.attempt ?? 1;
  const succeeded = acknowledged(result);
  if (!succeeded) {
    await scheduleRetry(store, context, deliveries, delivery, retryAfterSeconds[attempt - 1]);
  }
  await store.exclusive(sandbox.id, () =>
    countReportedResult(context, {
      at: context.now,
      lastAttempt: attempt > retryAfterSeconds.length,
      succeeded,
    }),
  );
  return { id: deliveryId, object: 'delivery_result', ...result };
}

/**
 * After a failed delivery, the next attempt at its event `wait` seconds on, on the sandbox's
 * clock, unless it was the last (no wait), or a later attempt has been made since.
 */
async function scheduleRetry(
  store: SandboxStore,
  context: SandboxContext,
  deliveries: Delivery[],
  delivery: Delivery,
  wait: number | undefined,
) {
  const latest = deliveries.find((candidate) => candidate.event_id === delivery.event_id);
  if (latest?.id !== delivery.id || wait === undefined) return;
  await store.schedule(context.sandbox.id, {
    dueAt: context.now + wait * 1000,
    kind: 'event',
    key: delivery.event_id,
    from: '',
    changes: {},
    events: [],
    retry: { attempt: (delivery.attempt ?? 1) + 1 },
    request: null,
  });
}

/**
 * The inbox endpoints under `/inbox`: `GET /inbox` (JSON), `GET /inbox/stream` (server-sent
 * events), `POST /inbox/{evt_id}/resend` (same event ID), `POST /inbox/{evt_id}/resend_with_new_id`
 * and `POST /inbox/{delivery_id}/result` (how the reader's handler answered, from the forwarder).
 */
export async function answerInbox(options: {
  method: string;
  path: string;
  store: SandboxStore;
  sandbox: SandboxRecord;
  now: number;
  /** The sandbox at its time on its test clock, which retries and the failing rule run on. */
  context: SandboxContext;
  /** The signing secrets in force now. */
  secrets: InboxSecrets;
  lastEventId: string | null;
  /** The request's body, read and parsed as the API's are. */
  body: RequestBody;
  /** Settles due steps before each look at the inbox; false once the token has expired. */
  poll: () => Promise<boolean>;
  /** For a stream: whose it is, the streams it takes a place among, and what to call as it ends. */
  streaming: Pick<InboxStreamOptions, 'client' | 'streams' | 'onEnd'>;
}): Promise<InboxAnswer> {
  const { method, path, store, sandbox, context, now, secrets } = options;
  if (method === 'GET' && path === '/inbox')
    return { status: 200, body: await listing(store, sandbox, secrets) };
  if (method === 'GET' && path === '/inbox/stream') {
    const { lastEventId, poll, streaming } = options;
    return { stream: inboxStream({ store, sandbox, lastEventId, poll, secrets, ...streaming }) };
  }
  const resend = /^\/inbox\/([^/]+)\/(resend|resend_with_new_id)$/.exec(path);
  if (method === 'POST' && resend) {
    const delivery = await context.events.resend(
      resend[1]!,
      resend[2] === 'resend_with_new_id',
      now,
    );
    if (!delivery) {
      throw new SandboxError(
        'resource_missing',
        `No event ${resend[1]} in this sandbox's inbox.`,
        'id',
      );
    }
    return { status: 201, body: delivery };
  }
  const reported = /^\/inbox\/([^/]+)\/result$/.exec(path);
  if (method === 'POST' && reported) {
    return {
      status: 201,
      body: await saveResult(context, store, reported[1]!, options.body, now),
    };
  }
  throw new SandboxError('resource_missing', `Unrecognised inbox request: ${method} ${path}.`);
}
