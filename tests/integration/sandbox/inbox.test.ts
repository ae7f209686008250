import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSignatureCheck } from '../../support/page-signature-check';
import { startSandboxServer } from '../../support/sandbox-server';
import { CHARGE } from '../../support/sandbox-session';

let server: Awaited<ReturnType<typeof startSandboxServer>>;
beforeAll(async () => {
  server = await startSandboxServer();
});
afterAll(() => server.close());

type Delivery = {
  id: string;
  event_id: string;
  type: string;
  headers: Record<string, string>;
  body: string;
};

const verifyKestrelSignature = pageSignatureCheck();

async function chargeIn(token: string) {
  return server.call('POST', '/v1/charges', {
    token,
    body: CHARGE,
    headers: { 'Idempotency-Key': randomUUID() },
  });
}

describe('the webhook inbox', () => {
  it('lists signed deliveries newest first, with the sandbox signing secret', async () => {
    const token = await server.token();
    const first = await chargeIn(token);
    await chargeIn(token);
    const inbox = await server.call('GET', '/inbox', { token });
    expect(inbox.body.signing_secret).toMatch(/^whsec_/);
    const deliveries: Delivery[] = inbox.body.data;
    expect(deliveries).toHaveLength(2);
    const oldest = JSON.parse(deliveries[1]!.body);
    expect(oldest).toMatchObject({
      object: 'event',
      type: 'charge.succeeded',
      api_version: server.sandbox.model.versions.current,
      livemode: false,
    });
    expect(oldest.id).toMatch(/^evt_/);
    expect(oldest.data.object).toEqual(first.body);
    for (const delivery of deliveries) {
      expect(delivery.headers['Content-Type']).toBe('application/json');
      expect(delivery.headers['Kestrel-Signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(
        verifyKestrelSignature(
          delivery.body,
          delivery.headers['Kestrel-Signature']!,
          inbox.body.signing_secret,
        ),
      ).toBe(true);
      expect(
        verifyKestrelSignature(
          `${delivery.body} `,
          delivery.headers['Kestrel-Signature']!,
          inbox.body.signing_secret,
        ),
      ).toBe(false);
    }
    const other = await server.call('GET', '/inbox', { token: await server.token() });
    expect(other.body.data).toEqual([]);
    expect(other.body.signing_secret).not.toBe(inbox.body.signing_secret);
  });

  it('resends an event with its own ID, or as a new event with a fresh ID', async () => {
    const token = await server.token();
    await chargeIn(token);
    const [original] = (await server.call('GET', '/inbox', { token })).body.data as Delivery[];
    const same = await server.call('POST', `/inbox/${original!.event_id}/resend`, { token });
    expect(same.status).toBe(201);
    expect(same.body.event_id).toBe(original!.event_id);
    expect(JSON.parse(same.body.body).data).toEqual(JSON.parse(original!.body).data);
    const fresh = await server.call('POST', `/inbox/${original!.event_id}/resend_with_new_id`, {
      token,
    });
    expect(fresh.body.event_id).not.toBe(original!.event_id);
    expect(JSON.parse(fresh.body.body).id).toBe(fresh.body.event_id);
    const inbox = (await server.call('GET', '/inbox', { token })).body.data as Delivery[];
    expect(inbox.map((delivery) => delivery.event_id)).toEqual([
      fresh.body.event_id,
      original!.event_id,
      original!.event_id,
    ]);
    const missing = await server.call('POST', '/inbox/evt_missing/resend', { token });
    expect(missing.status).toBe(404);
  });

  it('streams new deliveries as server-sent events, resuming after Last-Event-ID', async () => {
    const token = await server.token();
    await chargeIn(token);
    const [seen] = (await server.call('GET', '/inbox', { token })).body.data as Delivery[];
    await chargeIn(token);
    const controller = new AbortController();
    const response = await fetch(`${server.base}/inbox/stream`, {
      headers: { authorization: `Bearer ${token}`, 'last-event-id': seen!.id },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    let text = '';
    const readUntil = async (count: number) => {
      while ((text.match(/event: delivery/g) ?? []).length < count) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    await readUntil(1);
    await chargeIn(token);
    await readUntil(2);
    controller.abort();
    const events = text
      .split('\n\n')
      .filter((block) => block.includes('event: delivery'))
      .map(
        (block) =>
          JSON.parse(
            block
              .split('\n')
              .find((line) => line.startsWith('data: '))!
              .slice(6),
          ) as Delivery,
      );
    expect(events).toHaveLength(2);
    expect(
      events.every((delivery) => delivery.type === 'charge.succeeded' && delivery.id !== seen!.id),
    ).toBe(true);
  });

  it('streams the signing secrets again when a rotation changes them', async () => {
    const token = await server.token();
    const controller = new AbortController();
    const response = await fetch(`${server.base}/inbox/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const rotated = await server.call('POST', '/v1/webhook_endpoints/we_5Kp9Tz/rotate_secret', {
      token,
      body: { expire_previous_after: 600 },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    let text = '';
    while (!text.includes('event: secrets')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    const block = text.split('\n\n').find((part) => part.startsWith('event: secrets'))!;
    expect(JSON.parse(block.split('data: ')[1]!)).toMatchObject({
      signing_secret: rotated.body.secret,
      previous_signing_secret: expect.stringMatching(/^whsec_/),
    });
  });

  it('holds at most three streams open per sandbox', async () => {
    const token = await server.token();
    const controller = new AbortController();
    const open = () =>
      fetch(`${server.base}/inbox/stream`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
    const streams = [await open(), await open(), await open()];
    expect(streams.map((response) => response.status)).toEqual([200, 200, 200]);
    const fourth = await open();
    expect(fourth.status).toBe(429);
    expect((await fourth.json()).error.code).toBe('rate_limit_exceeded');
    controller.abort();
  });

  it('is refused without a token', async () => {
    expect((await server.call('GET', '/inbox')).status).toBe(401);
  });
});

describe('the forward-to-localhost script', () => {
  it('refuses a target that is not on this machine', async () => {
    const script = spawn(process.execPath, [
      'scripts/sandbox-forward.mjs',
      '--token',
      'kp_at_x',
      '--to',
      'https://example.com/webhooks',
    ]);
    let errors = '';
    script.stderr.on('data', (chunk) => (errors += chunk));
    const code = await new Promise((resolve) => script.on('exit', resolve));
    expect(code).toBe(2);
    expect(errors).toContain('localhost');
  });

  it('posts each signed event, with its headers and exact body, to a local handler', async () => {
    const token = await server.token();
    const secret = (await server.call('GET', '/inbox', { token })).body.signing_secret as string;
    const received: { signature: string; body: string }[] = [];
    const handler = createServer(async (request: IncomingMessage, reply) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      received.push({ signature: String(request.headers['kestrel-signature']), body });
      reply.writeHead(200).end();
    });
    await new Promise<void>((resolve) => handler.listen(0, '127.0.0.1', resolve));
    const port = (handler.address() as AddressInfo).port;
    await chargeIn(token);
    const script = spawn(
      process.execPath,
      [
        'scripts/sandbox-forward.mjs',
        '--token',
        token,
        '--to',
        `http://127.0.0.1:${port}/webhooks/kestrel`,
        '--from',
        server.origin,
        '--all',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
      await chargeIn(token);
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    } finally {
      script.kill();
      handler.close();
    }
    for (const delivery of received) {
      expect(JSON.parse(delivery.body).type).toBe('charge.succeeded');
      expect(verifyKestrelSignature(delivery.body, delivery.signature, secret)).toBe(true);
    }
  });
});
