#!/usr/bin/env node
// Forwards the signed webhook events of a Kestrel Pay docs sandbox to a handler on this machine,
// with their headers and exact bodies, so the handler's signature check runs as in production,
// and reports each handler's answer back to the sandbox, where the webhook workbench shows it.
// Plain Node.js 20, no dependencies:
//   node kestrel-sandbox-forward.mjs --token kp_at_… --to http://localhost:4242/webhooks/kestrel
import path from 'node:path';
import { parseArgs } from 'node:util';

// The site this file was downloaded from: the site sets it as it serves the file.
const DOWNLOADED_FROM = null;
// Without one (run from a checkout), the development server.
const DEVELOPMENT_SITE = 'http://localhost:3000';
const SITE = DOWNLOADED_FROM ?? DEVELOPMENT_SITE;

const FILE = path.basename(process.argv[1] ?? 'kestrel-sandbox-forward.mjs');
const USAGE = `Usage: node ${FILE} --token <access token> --to <http://localhost:PORT/path>
         [--from <site URL, default ${SITE}>] [--all]

  --token  the sandbox access token whose events to forward (or KESTREL_SANDBOX_TOKEN)
  --to     your webhook handler; only localhost addresses are accepted
  --from   the documentation site that serves the sandbox
  --all    also forward the events already in the inbox, oldest first`;

// How long to wait before reconnecting after the stream closes or fails.
const RECONNECT_MS = 2000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What the sandbox's 401 codes mean for a forwarder, which cannot go on with that token. */
const TOKEN_REFUSALS = {
  token_expired: 'The sandbox token has expired (token_expired): get a new one and restart.',
  token_invalid:
    'The sandbox at %s never issued this token, or has closed its sandbox (token_invalid): copy the whole token again, check that --from names the site that issued it, or get a new one.',
  token_missing: 'No sandbox token was sent (token_missing): pass --token.',
};

function options() {
  const { values } = parseArgs({
    options: {
      token: { type: 'string', default: process.env.KESTREL_SANDBOX_TOKEN },
      to: { type: 'string' },
      from: { type: 'string', default: SITE },
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

/** Why a request to `url` got no answer, naming the address. */
function unreachable(url, error) {
  const cause = error.cause?.code ?? error.cause?.message ?? error.message;
  return `Cannot reach ${url} (${cause}).`;
}

/** A refusal the forwarder cannot retry past: the token's 401, named by the sandbox's own code. */
class TokenRefused extends Error {}

/** Throws the sandbox's own reason when it refuses the token. */
async function checkToken(response, inbox) {
  if (response.status !== 401) return;
  const body = await response.json().catch(() => null);
  const code = body?.error?.code;
  const reason = TOKEN_REFUSALS[code]?.replace('%s', inbox.origin);
  throw new TokenRefused(reason ?? `The sandbox refused the token: ${body?.error?.message ?? 401}`);
}

/** Tells the sandbox how the handler answered a delivery, for the webhook workbench. */
async function report(delivery, result, inbox, authorization) {
  const url = `${inbox}/${encodeURIComponent(delivery.id)}/result`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(result),
    });
    if (!response.ok) console.error(`Reporting to ${url} answered ${response.status}.`);
  } catch (error) {
    console.error(`Reporting the result: ${unreachable(url, error)}`);
  }
}

/** Posts one delivery to the handler exactly as the sandbox signed it, logs and reports the answer. */
async function forward(delivery, target, inbox, authorization) {
  const started = performance.now();
  let result;
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    await response.arrayBuffer();
    result = { status: response.status, duration_ms: Math.round(performance.now() - started) };
    console.log(
      `${delivery.type} ${delivery.event_id} -> ${response.status} in ${result.duration_ms} ms`,
    );
  } catch (error) {
    const message = unreachable(target.href, error);
    result = { error: message, duration_ms: Math.round(performance.now() - started) };
    console.error(`${delivery.type} ${delivery.event_id} -> ${message}`);
  }
  await report(delivery, result, inbox, authorization);
}

/**
 * Reads server-sent events from a response body, calling `onEvent` with each event's id and data,
 * and `onOpen` at the stream's first line, once the sandbox has fixed where it starts from.
 */
async function readEvents(body, onEvent, onOpen) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith('retry: ')) onOpen();
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

/** Fetches `url`, naming it when there is no answer. */
async function request(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new Error(unreachable(url, error));
  }
}

async function main() {
  const { token, target, inbox, all } = options();
  const authorization = `Bearer ${token}`;
  let lastEventId;
  // The first look at the inbox checks the site and the token before anything is forwarded.
  const listing = await request(inbox, { headers: { authorization } });
  await checkToken(listing, inbox);
  if (!listing.ok) throw new Error(`${inbox} answered ${listing.status}: ${await listing.text()}`);
  const { data } = await listing.json();
  if (all) {
    for (const delivery of data.toReversed()) await forward(delivery, target, inbox, authorization);
  }
  // The stream starts after the newest delivery listed, so none arriving meanwhile is missed.
  lastEventId = data[0]?.id;
  let announced = false;
  const announce = () => {
    if (announced) return;
    announced = true;
    console.log(
      `Forwarding the events of ${inbox.origin}'s sandbox to ${target.href} (Ctrl+C to stop)`,
    );
  };
  for (;;) {
    try {
      const headers = { authorization, accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      const response = await request(`${inbox}/stream`, { headers });
      await checkToken(response, inbox);
      if (!response.ok || !response.body)
        throw new Error(`${inbox}/stream answered ${response.status}.`);
      await readEvents(
        response.body,
        async (id, delivery) => {
          lastEventId = id;
          await forward(delivery, target, inbox, authorization);
        },
        announce,
      );
    } catch (error) {
      if (error instanceof TokenRefused) throw error;
      console.error(`${error.message} Reconnecting in ${RECONNECT_MS / 1000} s…`);
    }
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
