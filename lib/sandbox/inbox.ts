import { z } from 'zod';
import { SandboxError } from './errors';
import { countReportedResult } from './failing-deliveries';
import {
  MAX_OPEN_STREAMS,
  MAX_STREAMS_PER_SANDBOX,
  STREAM_HEARTBEAT_MS,
  STREAM_MAX_MS,
  STREAM_POLL_MS,
} from './limits';
import type { RequestBody } from './http';
import type { SandboxContext } from './machines/types';
import type { Delivery, DeliveryResult, SandboxRecord, SandboxStore } from './store/types';

export type InboxAnswer =
  { status: number; body: unknown } | { stream: ReadableStream<Uint8Array> };

/** The signing secrets as the inbox shows them: the current one, and the one before during an overlap. */
export type InboxSecrets = () => Promise<{
  signing_secret: string;
  previous_signing_secret?: string;
  previous_secret_expires_at?: string;
}>;

/** Streams open now, in all and per sandbox. */
let openStreams = 0;
const openPerSandbox = new Map<string, number>();

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
 * Server-sent events: each new delivery as a `delivery` event whose id is the delivery's, from
 * after `Last-Event-ID` when the client reconnects. Closes after a while; clients reconnect.
 */
function stream(
  store: SandboxStore,
  sandbox: SandboxRecord,
  lastEventId: string | null,
  poll: () => Promise<boolean>,
  secrets: InboxSecrets,
): ReadableStream<Uint8Array> {
  const ofSandbox = openPerSandbox.get(sandbox.id) ?? 0;
  if (openStreams >= MAX_OPEN_STREAMS || ofSandbox >= MAX_STREAMS_PER_SANDBOX) {
    const message = 'Too many inbox streams are open. Close one, or retry shortly.';
    throw new SandboxError('rate_limit_exceeded', message, null, { 'Retry-After': '5' });
  }
  openStreams += 1;
  openPerSandbox.set(sandbox.id, ofSandbox + 1);
  const encoder = new TextEncoder();
  const timers: ReturnType<typeof setInterval>[] = [];
  const stops: (() => void)[] = [];
  let closed = false;
  const close = (controller?: ReadableStreamDefaultController<Uint8Array>) => {
    if (closed) return;
    closed = true;
    openStreams -= 1;
    const left = (openPerSandbox.get(sandbox.id) ?? 1) - 1;
    if (left > 0) openPerSandbox.set(sandbox.id, left);
    else openPerSandbox.delete(sandbox.id);
    timers.forEach(clearInterval);
    stops.forEach((stop) => stop());
    controller?.close();
  };
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (delivery: Delivery) => {
        cursor = delivery.id;
        const data = JSON.stringify(delivery);
        controller.enqueue(
          encoder.encode(`id: ${delivery.id}\nevent: delivery\ndata: ${data}\n\n`),
        );
      };
      // Each delivery's result as a `result` event, when it is new or changed; no id, so
      // Last-Event-ID stays the last delivery's.
      const sentResults = new Map<string, string>();
      const sendResults = (results: Record<string, DeliveryResult>) => {
        for (const [id, result] of Object.entries(results)) {
          const data = JSON.stringify({ id, result });
          if (sentResults.get(id) === data) continue;
          sentResults.set(id, data);
          controller.enqueue(encoder.encode(`event: result\ndata: ${data}\n\n`));
        }
      };
      // The secrets as a `secrets` event whenever a rotation or the end of its overlap changes them.
      let sentSecrets = JSON.stringify(await secrets());
      const sendSecrets = (current: Awaited<ReturnType<InboxSecrets>>) => {
        const data = JSON.stringify(current);
        if (data === sentSecrets) return;
        sentSecrets = data;
        controller.enqueue(encoder.encode(`event: secrets\ndata: ${data}\n\n`));
      };
      // A reconnecting client gets what arrived after the last delivery it saw; a new one, what comes next.
      const [latest] = await store.deliveries(sandbox.id);
      let cursor = latest?.id;
      controller.enqueue(encoder.encode(`retry: ${STREAM_POLL_MS * 3}\n\n`));
      if (lastEventId && lastEventId !== cursor) {
        (await store.deliveriesAfter(sandbox.id, lastEventId)).forEach(send);
      }
      sendResults(await store.deliveryResults(sandbox.id));
      let polling = false;
      let wokenWhilePolling = false;
      // Settles due steps and sends what is new; a delivery anywhere wakes it before the next poll.
      const check = async (): Promise<void> => {
        if (closed) return;
        if (polling) return void (wokenWhilePolling = true);
        polling = true;
        try {
          const open = await poll();
          const fresh = await store.deliveriesAfter(sandbox.id, cursor);
          const results = await store.deliveryResults(sandbox.id);
          const current = await secrets();
          if (!open) return close(controller);
          if (!closed) sendSecrets(current);
          if (!closed) fresh.forEach(send);
          if (!closed) sendResults(results);
        } catch (caught) {
          // The store is gone for now: the client reconnects with Last-Event-ID and is told why.
          console.warn(`Inbox stream closed: ${(caught as Error).message}`);
          close(controller);
        } finally {
          polling = false;
        }
        if (wokenWhilePolling) {
          wokenWhilePolling = false;
          return check();
        }
      };
      store
        .watchDeliveries(sandbox.id, () => void check())
        .then((stop) => (closed ? stop() : stops.push(stop)))
        .catch(() => undefined);
      timers.push(
        setInterval(() => void check(), STREAM_POLL_MS),
        setInterval(
          () => !closed && controller.enqueue(encoder.encode(': keep-alive\n\n')),
          STREAM_HEARTBEAT_MS,
        ),
      );
      timers.push(
        setTimeout(() => close(controller), STREAM_MAX_MS) as unknown as ReturnType<
          typeof setInterval
        >,
      );
    },
    cancel() {
      close();
    },
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
}): Promise<InboxAnswer> {
  const { method, path, store, sandbox, context, now, secrets } = options;
  if (method === 'GET' && path === '/inbox')
    return { status: 200, body: await listing(store, sandbox, secrets) };
  if (method === 'GET' && path === '/inbox/stream') {
    return { stream: stream(store, sandbox, options.lastEventId, options.poll, secrets) };
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
