// The webhook forwarder as a reader runs it (issue: the forwarder named a wrong file, defaulted
// to localhost:3000, called an unknown token expired, looped "fetch failed" without the URL, and
// its handler's answers were shown nowhere): the file downloaded from the served build, run with
// node against a handler on 127.0.0.1, and the result endpoint it reports to.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS } from '@/lib/sandbox/limits';
import { startSandboxServer, testClock } from '../support/sandbox-server';
import { sandboxToken } from '../support/sandbox-token';

const site = inject('baseUrl');
const FILE = 'kestrel-sandbox-forward.mjs';
/** How long a forwarder that should give up may take to. */
const EXIT_DEADLINE_MS = 15_000;
let script: string;

beforeAll(async () => {
  const downloaded = await fetch(`${site}/${FILE}`);
  expect(downloaded.status).toBe(200);
  script = path.join(mkdtempSync(path.join(tmpdir(), 'forwarder-')), FILE);
  writeFileSync(script, await downloaded.text());
});

/** Runs the downloaded forwarder; `stop` ends it and gives what it printed. */
function run(args: string[]) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    output: () => output,
    /** Its exit code, or 'still running' (and stopped) when it has not exited in time. */
    exited: Promise.race([
      exited,
      new Promise<string>((resolve) => setTimeout(resolve, EXIT_DEADLINE_MS, 'still running')),
    ]).finally(() => child.kill()),
    stop: async () => {
      child.kill();
      await exited;
    },
  };
}

/** A webhook handler on 127.0.0.1 answering `status`, and the bodies it received. */
async function startHandler(status: number) {
  const received: string[] = [];
  const server: Server = createServer(async (request, reply) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    received.push(body);
    reply.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/kestrel`;
  return { url, received, close: () => server.close() };
}

/** Calls the served sandbox with a token. */
async function call(token: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${site}/sandbox${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const charge = {
  amount: 12500,
  currency: 'GBP',
  booking_id: 'bk_8Jd2kLq',
  tokenised_card_id: 'tc_4Nf8xPz',
};

describe('the downloaded forwarder', () => {
  it('names its own file in its usage text', async () => {
    const usage = run([]);
    expect(await usage.exited).toBe(2);
    expect(usage.output()).toContain(`node ${FILE} --token`);
  });

  it('forwards from the site it was downloaded from, and reports each answer back to the inbox', async () => {
    const token = await sandboxToken(site);
    const handler = await startHandler(202);
    const forwarder = run(['--token', token, '--to', handler.url]);
    try {
      await expect.poll(forwarder.output, { timeout: 10_000 }).toContain('Forwarding');
      expect((await call(token, 'POST', '/v1/charges', charge)).status).toBe(201);
      await expect.poll(() => handler.received.length, { timeout: 10_000 }).toBe(1);
      await expect
        .poll(async () => (await call(token, 'GET', '/inbox')).body.data[0].result, {
          timeout: 10_000,
        })
        .toMatchObject({ status: 202, duration_ms: expect.any(Number) });
    } finally {
      await forwarder.stop();
      handler.close();
    }
  });

  it('tells a token the sandbox never issued from an expired one', async () => {
    const unknown = run([
      '--token',
      `kp_at_${randomBytes(16).toString('hex')}`,
      '--to',
      'http://localhost:4242/',
    ]);
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toContain('token_invalid');
    expect(unknown.output()).not.toMatch(/expired/i);

    const clock = testClock();
    const sandbox = await startSandboxServer({ clock: clock.now });
    try {
      const token = await sandbox.token();
      clock.advance((TOKEN_LIFETIME_SECONDS + 1) * 1000);
      const expired = run([
        '--token',
        token,
        '--to',
        'http://localhost:4242/',
        '--from',
        sandbox.origin,
      ]);
      expect(await expired.exited).toBe(1);
      expect(expired.output()).toContain('token_expired');
    } finally {
      await sandbox.close();
    }
  });

  it('names the address it cannot reach, and reports a handler it cannot reach', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const noSite = run([
      '--token',
      'kp_at_x',
      '--to',
      'http://localhost:4242/',
      '--from',
      `http://127.0.0.1:${port}`,
    ]);
    expect(await noSite.exited).toBe(1);
    expect(noSite.output()).toContain(`Cannot reach http://127.0.0.1:${port}/sandbox/inbox`);
    expect(noSite.output()).not.toContain('fetch failed');

    const token = await sandboxToken(site);
    const forwarder = run(['--token', token, '--to', `http://127.0.0.1:${port}/hooks`]);
    try {
      await expect.poll(forwarder.output, { timeout: 10_000 }).toContain('Forwarding');
      await call(token, 'POST', '/v1/charges', charge);
      await expect
        .poll(forwarder.output, { timeout: 10_000 })
        .toContain(`Cannot reach http://127.0.0.1:${port}/hooks`);
      await expect
        .poll(async () => (await call(token, 'GET', '/inbox')).body.data[0].result, {
          timeout: 10_000,
        })
        .toMatchObject({ error: expect.stringContaining(`127.0.0.1:${port}`) });
    } finally {
      await forwarder.stop();
    }
  });
});

describe('POST /sandbox/inbox/{delivery_id}/result', () => {
  let token: string;
  let deliveryId: string;
  beforeAll(async () => {
    token = await sandboxToken(site);
    await call(token, 'POST', '/v1/charges', charge);
    deliveryId = (await call(token, 'GET', '/inbox')).body.data[0].id;
  });

  it('keeps the handler’s status and time with the delivery', async () => {
    const saved = await call(token, 'POST', `/inbox/${deliveryId}/result`, {
      status: 500,
      duration_ms: 41,
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      id: deliveryId,
      object: 'delivery_result',
      status: 500,
      duration_ms: 41,
    });
    const listed = (await call(token, 'GET', '/inbox')).body.data[0];
    expect(listed).toMatchObject({ id: deliveryId, result: { status: 500, duration_ms: 41 } });
  });

  it('refuses a delivery the inbox does not hold, and a result that is neither a status nor an error', async () => {
    const missing = await call(token, 'POST', '/inbox/dlv_nothing/result', {
      status: 200,
      duration_ms: 1,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('resource_missing');
    const invalid = await call(token, 'POST', `/inbox/${deliveryId}/result`, { duration_ms: 1 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('parameter_invalid');
  });
});
