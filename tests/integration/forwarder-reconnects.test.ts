// The webhook forwarder reconnects by itself until the token expires, as the Webhooks page says:
// the forwarder of this checkout, run with node against a sandbox behind a proxy that closes the
// first inbox stream after one delivery, resumes after it and forwards on, then stops with
// token_expired once the sandbox's clock passes the token's hour.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS } from '@/lib/sandbox/limits';
import { startSandboxServer, testClock } from '../support/sandbox-server';
import { CHARGE } from '../support/sandbox-session';

const FORWARDER = path.join(process.cwd(), 'scripts', 'sandbox-forward.mjs');
/** How long the forwarder may take to forward, reconnect or stop: its wait is two seconds. */
const DEADLINE_MS = 15_000;

const clock = testClock();
let sandbox: Awaited<ReturnType<typeof startSandboxServer>>;
beforeAll(async () => {
  sandbox = await startSandboxServer({ clock: clock.now });
});
afterAll(() => sandbox.close());

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** A webhook handler on 127.0.0.1 answering 200, and the bodies it received. */
async function startHandler() {
  const received: string[] = [];
  const server = createServer(async (request, reply) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    received.push(body);
    reply.writeHead(200).end();
  });
  return { url: `${await listen(server)}/webhooks`, received, close: () => server.close() };
}

/**
 * The sandbox behind a proxy that ends the first inbox stream once it has passed on a delivery,
 * as a proxy or a restart might; `streams` has each stream request's Last-Event-ID.
 */
async function startCuttingProxy() {
  const streams: (string | null)[] = [];
  const server = createServer(async (request, reply) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const headers = Object.fromEntries(
      ['authorization', 'accept', 'content-type', 'last-event-id'].flatMap((name) =>
        request.headers[name] ? [[name, String(request.headers[name])]] : [],
      ),
    );
    const upstream = await fetch(`${sandbox.origin}${request.url}`, {
      method: request.method,
      headers,
      body: body || undefined,
    });
    reply.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? '',
    });
    if (!request.url?.endsWith('/inbox/stream') || !upstream.body) {
      return void reply.end(Buffer.from(await upstream.arrayBuffer()));
    }
    streams.push(headers['last-event-id'] ?? null);
    const cutAfterDelivery = streams.length === 1;
    const reader = upstream.body.getReader();
    reply.on('close', () => void reader.cancel().catch(() => undefined));
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done || !value) break;
      reply.write(value);
      if (cutAfterDelivery && Buffer.from(value).toString().includes('event: delivery')) break;
    }
    await reader.cancel().catch(() => undefined);
    reply.end();
  });
  return { origin: await listen(server), streams, close: () => server.close() };
}

describe('the forwarder of this checkout', () => {
  it('reconnects after the inbox stream closes, forwards on, and stops once the token expires', async () => {
    const token = await sandbox.token();
    const handler = await startHandler();
    const proxy = await startCuttingProxy();
    const child = spawn(
      process.execPath,
      [FORWARDER, '--token', token, '--to', handler.url, '--from', proxy.origin],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const charge = async () => {
      const created = await sandbox.call('POST', '/v1/charges', {
        token,
        body: CHARGE,
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const forwarded = (id: string) => handler.received.some((body) => body.includes(id));
    try {
      await expect.poll(() => output, { timeout: DEADLINE_MS }).toContain('Forwarding');
      const first = await charge();
      await expect.poll(() => forwarded(first), { timeout: DEADLINE_MS }).toBe(true);
      // The first stream ended after that delivery: the forwarder comes back after it.
      const [delivered] = (await sandbox.call('GET', '/inbox', { token })).body.data;
      await expect.poll(() => proxy.streams.length, { timeout: DEADLINE_MS }).toBe(2);
      expect(proxy.streams[1]).toBe(delivered.id);
      const second = await charge();
      await expect.poll(() => forwarded(second), { timeout: DEADLINE_MS }).toBe(true);

      clock.advance(TOKEN_LIFETIME_SECONDS * 1000);
      const code = await Promise.race([
        exited,
        new Promise((resolve) => setTimeout(resolve, DEADLINE_MS, 'still running')),
      ]);
      expect(code).toBe(1);
      expect(output).toContain('token_expired');
    } finally {
      child.kill();
      handler.close();
      proxy.close();
    }
  });
});
