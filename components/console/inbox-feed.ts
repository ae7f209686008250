// The tab's webhook inbox, live: the listing, then new deliveries from the server-sent event
// stream (read with fetch, which can send the token), shared by every piece that shows events
// so one connection serves them all. It runs while something on the page uses it.
import { useEffect } from 'react';
import { resends, type Delivery, type DeliveryResult } from '@/lib/console/deliveries';
import { sseParser } from '@/lib/console/sse';
import { sandboxRoute } from '@/lib/routes';
import { sandboxFailure } from './send';
import { subscribeToSession, validToken } from './session';
import { createStore, useStore } from './store';

type Inbox = {
  /** The sandbox whose inbox this is. */
  token?: string;
  /** The `whsec_` secret the sandbox signs with. */
  secret?: string;
  /** During a rotation's overlap, the secret before it, which still signs, and until when. */
  previous?: { secret: string; expiresAt: string };
  /** Newest first. */
  deliveries: Delivery[];
  status: 'off' | 'connecting' | 'live' | 'reconnecting' | 'failed';
  error?: string;
};

const inbox = createStore<Inbox>({ deliveries: [], status: 'off' });
let users = 0;
let connection: AbortController | undefined;
/** How long to wait before reconnecting, as the stream's `retry:` asks. */
let retryMs = 3000;

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** The signing secrets as the inbox listing and its `secrets` event send them. */
type InboxSecrets = {
  signing_secret?: string;
  previous_signing_secret?: string;
  previous_secret_expires_at?: string;
};

function secretsOf(body: InboxSecrets): Pick<Inbox, 'secret' | 'previous'> {
  const { signing_secret: secret, previous_signing_secret: previous } = body;
  return {
    secret,
    previous: previous
      ? { secret: previous, expiresAt: body.previous_secret_expires_at ?? '' }
      : undefined,
  };
}

/** Adds deliveries not seen yet, keeping the newest first. */
function receive(...deliveries: Delivery[]) {
  const known = new Set(inbox.get().deliveries.map((delivery) => delivery.id));
  const fresh = deliveries.filter((delivery) => !known.has(delivery.id));
  if (fresh.length) inbox.set({ deliveries: [...fresh.reverse(), ...inbox.get().deliveries] });
}

/** Sets the result the reader's forwarder reported for a delivery. */
function receiveResult({ id, result }: { id: string; result: DeliveryResult }) {
  const { deliveries } = inbox.get();
  if (!deliveries.some((delivery) => delivery.id === id)) return;
  inbox.set({
    deliveries: deliveries.map((delivery) =>
      delivery.id === id ? { ...delivery, result } : delivery,
    ),
  });
}

/** The inbox's listing: its signing secrets and every delivery, newest first. */
async function listing(authorization: string, signal: AbortSignal) {
  const response = await fetch(sandboxRoute('/inbox'), { headers: { authorization }, signal });
  const body = (await response.json().catch(() => null)) as
    (InboxSecrets & { data?: Delivery[] }) | null;
  if (!response.ok || !body?.data) throw new Error(sandboxFailure(response.status, body));
  return { ...body, data: body.data };
}

async function follow(token: string, signal: AbortSignal) {
  const authorization = `Bearer ${token}`;
  inbox.set({
    token,
    secret: undefined,
    previous: undefined,
    deliveries: [],
    status: 'connecting',
    error: undefined,
  });
  const first = await listing(authorization, signal);
  inbox.set({ ...secretsOf(first), deliveries: first.data });
  while (!signal.aborted) {
    const last = inbox.get().deliveries[0]?.id;
    const response = await fetch(sandboxRoute('/inbox/stream'), {
      headers: { authorization, ...(last ? { 'last-event-id': last } : {}) },
      signal,
    });
    if (response.status === 401) throw new Error('The sandbox token has expired. Get a new one.');
    if (response.ok && response.body) {
      inbox.set({ status: 'live' });
      // Without a Last-Event-ID the stream starts from now: what came meanwhile is listed again.
      if (!last) receive(...(await listing(authorization, signal)).data.reverse());
      const parser = sseParser(
        (event) => {
          if (event.event === 'delivery') receive(JSON.parse(event.data) as Delivery);
          if (event.event === 'secrets') inbox.set(secretsOf(JSON.parse(event.data)));
          if (event.event === 'result')
            receiveResult(JSON.parse(event.data) as Parameters<typeof receiveResult>[0]);
        },
        (ms) => (retryMs = ms),
      );
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(value);
      }
    }
    // The server closes streams after a while, or refuses one when too many are open: come back.
    inbox.set({ status: 'reconnecting' });
    await wait(retryMs, signal);
  }
}

/** Follows the current token's inbox, or stops when nothing uses it or there is no token. */
function reconcile() {
  const token = users > 0 ? validToken() : undefined;
  if (token && token === inbox.get().token && connection) return;
  connection?.abort();
  connection = undefined;
  if (!token) return inbox.set({ status: 'off' });
  const controller = new AbortController();
  connection = controller;
  follow(token, controller.signal).catch((error: Error) => {
    if (controller.signal.aborted) return;
    inbox.set({ status: 'failed', error: error.message });
  });
}

subscribeToSession(reconcile);

/** The inbox, followed live while the calling component is mounted and `active`. */
export function useInbox(active = true) {
  useEffect(() => {
    if (!active) return;
    users += 1;
    reconcile();
    return () => {
      users -= 1;
      // Let a remount (a re-render of the page) reuse the connection.
      setTimeout(reconcile, 0);
    };
  }, [active]);
  return useStore(inbox);
}

/** Whether a delivery sends again an event the inbox delivered before, read without following it. */
export function useIsResend(deliveryId: string): boolean {
  return resends(useStore(inbox).deliveries).has(deliveryId);
}

/** Sends an event of the inbox again: with its own ID, or as a new event with a fresh one. */
export async function resendEvent(eventId: string, freshId: boolean) {
  const token = validToken();
  if (!token) throw new Error('Get a sandbox token first.');
  const action = freshId ? 'resend_with_new_id' : 'resend';
  const response = await fetch(sandboxRoute(`/inbox/${encodeURIComponent(eventId)}/${action}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json().catch(() => null)) as Delivery | null;
  if (!response.ok || !body) throw new Error(sandboxFailure(response.status, body));
  receive(body);
  return body;
}
