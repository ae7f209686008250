import { STREAM_HEARTBEAT_MS, STREAM_MAX_MS, STREAM_POLL_MS } from './limits';
import type { StreamCapacity } from './stream-capacity';
import type { Delivery, DeliveryResult, SandboxRecord, SandboxStore } from './store/types';

/** The signing secrets as the inbox shows them: the current one, and the one before during an overlap. */
export type InboxSecrets = () => Promise<{
  signing_secret: string;
  previous_signing_secret?: string;
  previous_secret_expires_at?: string;
}>;

/** What an inbox stream reads, and whose place it takes among the streams and requests. */
export type InboxStreamOptions = {
  store: SandboxStore;
  sandbox: SandboxRecord;
  lastEventId: string | null;
  /** Settles due steps before each look at the inbox; false once the token has expired. */
  poll: () => Promise<boolean>;
  secrets: InboxSecrets;
  /** The client it counts against, as the rate limits name clients. */
  client: string;
  streams: StreamCapacity;
  /** Called once as the stream ends, however it ends. */
  onEnd: () => void;
};

/**
 * Server-sent events: each new delivery as a `delivery` event whose id is the delivery's, from
 * after `Last-Event-ID` when the client reconnects. Closes after a while; clients reconnect.
 */
export function inboxStream(options: InboxStreamOptions): ReadableStream<Uint8Array> {
  const { store, sandbox, lastEventId, poll, secrets } = options;
  const encoder = new TextEncoder();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const stops: (() => void)[] = [];
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  // Every way the stream ends comes here once: its time is up, its token expired, the store
  // failed, the client left (`forClient` false: its copy is gone), or another client took its
  // place.
  const close = (forClient: boolean) => {
    if (closed) return;
    closed = true;
    release();
    options.onEnd();
    timers.forEach(clearTimeout);
    stops.forEach((stop) => stop());
    if (forClient) controller.close();
  };
  const release = options.streams.admit(options.client, sandbox.id, () => close(true));
  const emit = (text: string) => {
    if (!closed) controller.enqueue(encoder.encode(text));
  };

  let cursor: string | undefined;
  const send = (delivery: Delivery) => {
    cursor = delivery.id;
    emit(`id: ${delivery.id}\nevent: delivery\ndata: ${JSON.stringify(delivery)}\n\n`);
  };
  // Each delivery's result as a `result` event, when it is new or changed; no id, so
  // Last-Event-ID stays the last delivery's.
  const sentResults = new Map<string, string>();
  const sendResults = (results: Record<string, DeliveryResult>) => {
    for (const [id, result] of Object.entries(results)) {
      const data = JSON.stringify({ id, result });
      if (sentResults.get(id) === data) continue;
      sentResults.set(id, data);
      emit(`event: result\ndata: ${data}\n\n`);
    }
  };
  // The secrets as a `secrets` event whenever a rotation or the end of its overlap changes them.
  let sentSecrets = '';
  const sendSecrets = (current: Awaited<ReturnType<InboxSecrets>>) => {
    const data = JSON.stringify(current);
    if (data === sentSecrets) return;
    sentSecrets = data;
    emit(`event: secrets\ndata: ${data}\n\n`);
  };

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
      if (!open) return close(true);
      sendSecrets(current);
      fresh.forEach(send);
      sendResults(results);
    } catch (caught) {
      closeOnStoreError(caught);
    } finally {
      polling = false;
    }
    if (wokenWhilePolling) {
      wokenWhilePolling = false;
      return check();
    }
  };
  // The store is gone for now: the client reconnects with Last-Event-ID and is told why.
  const closeOnStoreError = (caught: unknown) => {
    console.warn(`Inbox stream closed: ${(caught as Error).message}`);
    close(true);
  };

  // A reconnecting client gets what arrived after the last delivery it saw; a new one, what comes next.
  const begin = async () => {
    sentSecrets = JSON.stringify(await secrets());
    const [latest] = await store.deliveries(sandbox.id);
    cursor = latest?.id;
    emit(`retry: ${STREAM_POLL_MS * 3}\n\n`);
    if (lastEventId && lastEventId !== cursor) {
      (await store.deliveriesAfter(sandbox.id, lastEventId)).forEach(send);
    }
    sendResults(await store.deliveryResults(sandbox.id));
    if (closed) return;
    store
      .watchDeliveries(sandbox.id, () => void check())
      .then((stop) => (closed ? stop() : stops.push(stop)))
      .catch(() => undefined);
    timers.push(
      setInterval(() => void check(), STREAM_POLL_MS),
      setInterval(() => emit(': keep-alive\n\n'), STREAM_HEARTBEAT_MS),
      setTimeout(() => close(true), STREAM_MAX_MS),
    );
  };

  return new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      begin().catch(closeOnStoreError);
    },
    cancel() {
      close(false);
    },
  });
}
