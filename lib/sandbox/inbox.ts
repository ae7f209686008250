import { SandboxError } from './errors';
import type { SandboxEvents } from './events';
import { MAX_OPEN_STREAMS, STREAM_HEARTBEAT_MS, STREAM_MAX_MS, STREAM_POLL_MS } from './limits';
import type { Delivery, SandboxRecord, SandboxStore } from './store/types';

export type InboxAnswer =
  { status: number; body: unknown } | { stream: ReadableStream<Uint8Array> };

let openStreams = 0;

/** The inbox as JSON: the signing secret and every delivery, newest first. */
async function listing(store: SandboxStore, sandbox: SandboxRecord) {
  return {
    object: 'list',
    signing_secret: sandbox.signingSecret,
    data: await store.deliveries(sandbox.id),
  };
}

/**
 * Server-sent events: each new delivery as a `delivery` event whose id is the delivery's, from
 * after `Last-Event-ID` when the client reconnects. Closes after a while; clients reconnect.
 */
function stream(
  store: SandboxStore,
  sandbox: SandboxRecord,
  lastEventId: string | null,
  beforeEachPoll: () => Promise<void>,
): ReadableStream<Uint8Array> {
  if (openStreams >= MAX_OPEN_STREAMS) {
    throw new SandboxError(
      'rate_limit_exceeded',
      'Too many inbox streams are open. Retry shortly.',
      null,
      {
        'Retry-After': '5',
      },
    );
  }
  openStreams += 1;
  const encoder = new TextEncoder();
  const timers: ReturnType<typeof setInterval>[] = [];
  let closed = false;
  const close = (controller?: ReadableStreamDefaultController<Uint8Array>) => {
    if (closed) return;
    closed = true;
    openStreams -= 1;
    timers.forEach(clearInterval);
    controller?.close();
  };
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const seen = new Set<string>();
      const initial = await store.deliveries(sandbox.id);
      const resumeAt = lastEventId
        ? initial.findIndex((delivery) => delivery.id === lastEventId)
        : -1;
      // On a reconnect, replay what arrived after the last delivery the client saw.
      const backlog = resumeAt >= 0 ? initial.slice(0, resumeAt) : [];
      initial.slice(backlog.length).forEach((delivery) => seen.add(delivery.id));
      const send = (delivery: Delivery) => {
        seen.add(delivery.id);
        controller.enqueue(
          encoder.encode(
            `id: ${delivery.id}\nevent: delivery\ndata: ${JSON.stringify(delivery)}\n\n`,
          ),
        );
      };
      controller.enqueue(encoder.encode(`retry: ${STREAM_POLL_MS * 3}\n\n`));
      backlog.reverse().forEach(send);
      timers.push(
        setInterval(async () => {
          if (closed) return;
          await beforeEachPoll();
          const fresh = (await store.deliveries(sandbox.id)).filter(
            (delivery) => !seen.has(delivery.id),
          );
          if (!closed) fresh.reverse().forEach(send);
        }, STREAM_POLL_MS),
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
 * events), `POST /inbox/{evt_id}/resend` (same event ID) and `POST /inbox/{evt_id}/resend_with_new_id`.
 */
export async function answerInbox(options: {
  method: string;
  path: string;
  store: SandboxStore;
  sandbox: SandboxRecord;
  events: SandboxEvents;
  now: number;
  lastEventId: string | null;
  beforeEachPoll: () => Promise<void>;
}): Promise<InboxAnswer> {
  const { method, path, store, sandbox, events, now } = options;
  if (method === 'GET' && path === '/inbox')
    return { status: 200, body: await listing(store, sandbox) };
  if (method === 'GET' && path === '/inbox/stream') {
    return { stream: stream(store, sandbox, options.lastEventId, options.beforeEachPoll) };
  }
  const resend = /^\/inbox\/([^/]+)\/(resend|resend_with_new_id)$/.exec(path);
  if (method === 'POST' && resend) {
    const delivery = await events.resend(resend[1]!, resend[2] === 'resend_with_new_id', now);
    if (!delivery) {
      throw new SandboxError(
        'resource_missing',
        `No event ${resend[1]} in this sandbox's inbox.`,
        'id',
      );
    }
    return { status: 201, body: delivery };
  }
  throw new SandboxError('resource_missing', `Unrecognised inbox request: ${method} ${path}.`);
}
