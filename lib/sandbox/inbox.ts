import { SandboxError } from './errors';
import type { SandboxEvents } from './events';
import {
  MAX_OPEN_STREAMS,
  MAX_STREAMS_PER_SANDBOX,
  STREAM_HEARTBEAT_MS,
  STREAM_MAX_MS,
  STREAM_POLL_MS,
} from './limits';
import type { Delivery, SandboxRecord, SandboxStore } from './store/types';

export type InboxAnswer =
  { status: number; body: unknown } | { stream: ReadableStream<Uint8Array> };

/** Streams open now, in all and per sandbox. */
let openStreams = 0;
const openPerSandbox = new Map<string, number>();

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
  poll: () => Promise<boolean>,
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
      // A reconnecting client gets what arrived after the last delivery it saw; a new one, what comes next.
      const [latest] = await store.deliveries(sandbox.id);
      let cursor = latest?.id;
      controller.enqueue(encoder.encode(`retry: ${STREAM_POLL_MS * 3}\n\n`));
      if (lastEventId && lastEventId !== cursor) {
        (await store.deliveriesAfter(sandbox.id, lastEventId)).forEach(send);
      }
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
          if (!open) return close(controller);
          if (!closed) fresh.forEach(send);
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
  /** Settles due steps before each look at the inbox; false once the token has expired. */
  poll: () => Promise<boolean>;
}): Promise<InboxAnswer> {
  const { method, path, store, sandbox, events, now } = options;
  if (method === 'GET' && path === '/inbox')
    return { status: 200, body: await listing(store, sandbox) };
  if (method === 'GET' && path === '/inbox/stream') {
    return { stream: stream(store, sandbox, options.lastEventId, options.poll) };
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
