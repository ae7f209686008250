// The reverse proxy as deployments run it: Debian's nginx with deploy/nginx.conf (only addresses,
// ports and the pid file changed) in front of two production servers of one build, which share
// one Redis and trust the proxy's X-Forwarded-For.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { scriptHashes } from '@/lib/security/script-hashes.mjs';
import { startSite } from '@/scripts/lib/site-server';
import { startProxy } from '@/scripts/lib/proxy-server';
import { startRedis, type RunningRedis } from '@/scripts/lib/redis-server';
import { connectMcp } from '../support/mcp-client';
import { CHARGE } from '../support/sandbox-session';

/** Access tokens one client may take per minute, on both instances together. */
const TOKEN_LIMIT = 5;
/** A second client: loopback answers any 127.x address, so the proxy sees this one as another. */
const OTHER_CLIENT = '127.0.0.2';

let folder = '';
let redis: RunningRedis;
let sites: Awaited<ReturnType<typeof startSite>>[] = [];
let proxy: Awaited<ReturnType<typeof startProxy>>;
const instances = () => sites.map((site) => new URL(site.url).host);

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'deploy-proxy-'));
  redis = await startRedis();
  const env = {
    TRUST_PROXY: 'true',
    SANDBOX_REDIS_URL: redis.url,
    SANDBOX_AUTH_RATE_LIMIT: String(TOKEN_LIMIT),
  };
  sites = await Promise.all([startSite({ env }), startSite({ env })]);
  // Each instance loads the sandbox on its first sandbox request, seconds on a busy machine:
  // done here, so that what follows measures the proxy.
  for (const site of sites) await fetch(`${site.url}/sandbox/inbox`);
  proxy = await startProxy(instances(), folder);
}, 120_000);
afterAll(async () => {
  await proxy?.stop();
  await Promise.all(sites.map((site) => site.stop()));
  await redis?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The instances that answered the logged requests that start with `requestStart`. */
function answeredBy(requestStart: string, client = '') {
  return new Set(
    proxy
      .requests()
      .filter((line) => line.request.startsWith(requestStart) && line.client.startsWith(client))
      .map((line) => line.upstreams.at(-1)),
  );
}

/** A request through the proxy from `localAddress`; its status and body as text. */
function send(
  method: string,
  target: string,
  {
    body,
    headers = {},
    localAddress,
  }: { body?: unknown; headers?: Record<string, string>; localAddress?: string } = {},
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = request(
      `${proxy.url}${target}`,
      {
        method,
        localAddress,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body ? JSON.stringify(body) : undefined);
  });
}

const tokenRequest = (localAddress?: string) =>
  send('POST', '/sandbox/v1/auth/token', {
    body: { public_key: SANDBOX_KEY_PAIR.publicKey, private_key: SANDBOX_KEY_PAIR.privateKey },
    localAddress,
  });

async function token() {
  const answer = await tokenRequest();
  expect(answer.status).toBe(200);
  return JSON.parse(answer.text).access_token as string;
}

const createCharge = (authorization: string) =>
  send('POST', '/sandbox/v1/charges', {
    body: CHARGE,
    headers: { authorization, 'idempotency-key': randomUUID() },
  });

describe('nginx with deploy/nginx.conf in front of two instances', () => {
  it('answers pages from both instances in turn, each with its scripts allowed by hash', async () => {
    for (let turn = 0; turn < 6; turn += 1) {
      const answer = await fetch(`${proxy.url}/resources/charges`);
      expect(answer.status).toBe(200);
      // The instance compressed it (Next.js the first time, the page cache after); the proxy passed
      // it on as it was, so it decodes once.
      expect(answer.headers.get('content-encoding')).toMatch(/^(?:br|gzip)$/);
      const policy = answer.headers.get('content-security-policy') ?? '';
      const scriptSources = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]?.split(/\s+/);
      expect(scriptSources).not.toContain("'unsafe-inline'");
      const html = await answer.text();
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(scriptSources).toEqual(expect.arrayContaining(scriptHashes(html)));
    }
    // nginx writes each line as its request ends, which may be just after the client has it.
    await expect.poll(() => answeredBy('GET /resources/charges ')).toEqual(new Set(instances()));
  });

  it('keeps a sandbox whichever instance answers: its token, and an object read back', async () => {
    const authorization = `Bearer ${await token()}`;
    const created = await createCharge(authorization);
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.text);
    for (let turn = 0; turn < 4; turn += 1) {
      const read = await send('GET', `/sandbox/v1/charges/${id}`, { headers: { authorization } });
      expect(read.status).toBe(200);
      expect(JSON.parse(read.text).id).toBe(id);
    }
    await expect
      .poll(() => answeredBy(`GET /sandbox/v1/charges/${id} `))
      .toEqual(new Set(instances()));
  });

  it('answers an assistant from either instance: its sandbox opened on one, used on the other', async () => {
    const mcp = await connectMcp(proxy.url);
    try {
      const { json: opened } = await mcp.call('open_sandbox');
      const { token } = opened;
      const created = await mcp.createCharge(token);
      expect(created.json.status).toBe(201);
      for (let turn = 0; turn < 3; turn += 1) {
        const read = await mcp.call('call_api', {
          token,
          method: 'GET',
          path: `/v1/charges/${created.json.body.id}`,
        });
        expect(read.json.status).toBe(200);
      }
      await expect
        .poll(async () => (await mcp.call('list_events', { token })).json.count)
        .toBeGreaterThan(0);
    } finally {
      await mcp.close();
    }
    await expect.poll(() => answeredBy('POST /mcp ')).toEqual(new Set(instances()));
  });

  it('streams inbox deliveries as they happen', async () => {
    const authorization = `Bearer ${await token()}`;
    const stream = await fetch(`${proxy.url}/sandbox/inbox/stream`, {
      headers: { authorization },
      signal: AbortSignal.timeout(20_000),
    });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect((await createCharge(authorization)).status).toBe(201);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('event: delivery')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    await reader.cancel();
    expect(text).toContain('charge.succeeded');
  });

  it('counts one client’s token limit once across both instances', async () => {
    // The shared count is per minute of the clock: start with time left in this one.
    while (60_000 - (Date.now() % 60_000) < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const statuses = [];
    for (let turn = 0; turn < TOKEN_LIMIT + 2; turn += 1) {
      statuses.push((await tokenRequest(OTHER_CLIENT)).status);
    }
    expect(statuses).toEqual([...Array(TOKEN_LIMIT).fill(200), 429, 429]);
    await expect
      .poll(() => answeredBy('POST /sandbox/v1/auth/token ', OTHER_CLIENT))
      .toEqual(new Set(instances()));
  });

  it('keeps answering through the other instance when one stops, every write it made kept', async () => {
    const [stopped, running] = instances();
    // Charges acknowledged before the stop, in turn by each instance.
    const authorization = `Bearer ${await token()}`;
    const charges: string[] = [];
    for (let turn = 0; turn < 4; turn += 1) {
      const created = await createCharge(authorization);
      expect(created.status).toBe(201);
      charges.push(JSON.parse(created.text).id);
    }
    await sites[0]!.stop();
    for (let turn = 0; turn < 6; turn += 1) {
      expect((await fetch(`${proxy.url}/resources/refunds`)).status).toBe(200);
    }
    const refunds = () =>
      proxy.requests().filter((line) => line.request.startsWith('GET /resources/refunds '));
    await expect.poll(() => refunds().length).toBe(6);
    expect(refunds().map((line) => line.upstreams.at(-1))).toEqual(Array(6).fill(running));
    // Some were sent to the stopped one first, then to the other.
    expect(refunds().some((line) => line.upstreams.includes(stopped!))).toBe(true);
    for (const id of charges) {
      const read = await send('GET', `/sandbox/v1/charges/${id}`, { headers: { authorization } });
      expect(read.status, id).toBe(200);
    }
  });
});
