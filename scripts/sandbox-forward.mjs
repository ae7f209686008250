#!/usr/bin/env node
// Forwards the signed webhook events of a Kestrel Pay docs sandbox to a handler on this machine,
// with their headers and exact bodies, so the handler's signature check runs as in production.
// Plain Node.js 20, no dependencies:
//   node scripts/sandbox-forward.mjs --token kp_at_… --to http://localhost:4242/webhooks/kestrel
import { parseArgs } from 'node:util';

const USAGE = `Usage: sandbox-forward --token <access token> --to <http://localhost:PORT/path>
                      [--from <site URL, default http://localhost:3000>] [--all]

  --token  the sandbox access token whose events to forward (or KESTREL_SANDBOX_TOKEN)
  --to     your webhook handler; only localhost addresses are accepted
  --from   the documentation site that serves the sandbox
  --all    also forward the events already in the inbox, oldest first`;

// How long to wait before reconnecting after the stream closes or fails.
const RECONNECT_MS = 2000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function options() {
  const { values } = parseArgs({
    options: {
      token: { type: 'string', default: process.env.KESTREL_SANDBOX_TOKEN },
      to: { type: 'string' },
      from: { type: 'string', default: 'http://localhost:3000' },
      all: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.token || !values.to) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const target = new URL(values.to);
  if (!LOOPBACK_HOSTS.has(target.hostname)) {
    console.error(`--to must be a localhost address, not ${target.hostname}.`);
    process.exit(2);
  }
  return {
    token: values.token,
    target,
    inbox: new URL('/sandbox/inbox', values.from),
    all: values.all,
  };
}

/** Posts one delivery to the handler exactly as the sandbox signed it, and logs the answer. */
async function forward(delivery, target) {
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    console.log(`${delivery.type} ${delivery.event_id} -> ${response.status}`);
  } catch (error) {
    console.error(`${delivery.type} ${delivery.event_id} -> failed: ${error.message}`);
  }
}

/** Reads server-sent events from a response body, calling `onEvent` with each event's id and data. */
async function readEvents(body, onEvent) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const field = (name) =>
        block
          .split('\n')
          .filter((line) => line.startsWith(`${name}: `))
          .map((line) => line.slice(name.length + 2))
          .join('\n');
      if (field('event') === 'delivery') await onEvent(field('id'), JSON.parse(field('data')));
    }
  }
}

async function main() {
  const { token, target, inbox, all } = options();
  const authorization = `Bearer ${token}`;
  let lastEventId;
  if (all) {
    const response = await fetch(inbox, { headers: { authorization } });
    if (!response.ok)
      throw new Error(`The inbox answered ${response.status}: ${await response.text()}`);
    const { data } = await response.json();
    for (const delivery of data.reverse()) await forward(delivery, target);
    lastEventId = data.at(-1)?.id;
  }
  console.log(`Forwarding the sandbox's events to ${target.href} (Ctrl+C to stop)`);
  for (;;) {
    try {
      const headers = { authorization, accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      const response = await fetch(`${inbox}/stream`, { headers });
      if (response.status === 401)
        throw new Error('The token has expired: get a new one and restart.');
      if (!response.ok || !response.body)
        throw new Error(`The inbox stream answered ${response.status}.`);
      await readEvents(response.body, async (id, delivery) => {
        lastEventId = id;
        await forward(delivery, target);
      });
    } catch (error) {
      if (error.message.startsWith('The token')) throw error;
      console.error(`${error.message} Reconnecting…`);
    }
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
