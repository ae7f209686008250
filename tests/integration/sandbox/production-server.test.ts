import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { CONCURRENT_REQUESTS, REQUESTS_PER_SECOND, TOKENS_PER_MINUTE } from '@/lib/sandbox/limits';
import { startSite } from '@/scripts/lib/site-server';
import { CHARGE } from '../../support/sandbox-session';
import { sandboxToken } from '../../support/sandbox-token';

/** Short, so that bodies given up on are answered within the test. */
const BODY_TIMEOUT_MS = 1000;

let site: Awaited<ReturnType<typeof startSite>>;
const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'sandbox-server-')), 'server.log');
const port = () => Number(new URL(site.url).port);
const log = () => readFileSync(logFile, 'utf8');

beforeAll(async () => {
  // The documented limits, and every client as one: no trusted proxy, as by default.
  site = await startSite({
    env: {
      TRUST_PROXY: 'false',
      SANDBOX_RATE_LIMIT: String(REQUESTS_PER_SECOND),
      SANDBOX_AUTH_RATE_LIMIT: String(TOKENS_PER_MINUTE),
      SANDBOX_CONCURRENCY_LIMIT: String(CONCURRENT_REQUESTS),
      SANDBOX_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
    },
    logFile,
  });
  // Starting the server takes a few seconds, more on a busy machine.
}, 60_000);
afterAll(() => site.stop());

/** A raw connection that sends `text` and no more; resolves with all it got once it is closed. */
function rawConnection(text: string) {
  const socket = connect(port(), '127.0.0.1');
  const closed = new Promise<string>((resolve) => {
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
  socket.write(text);
  return { socket, closed };
}

/** The head of a POST that declares a 1,000-byte body. */
const postHead = (target: string, headers = '') =>
  `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}Content-Length: 1000\r\n\r\n`;

const token = () => sandboxToken(site.url);

/** A request with any method, which fetch would refuse to send (TRACE). */
function sendMethod(method: string, target: string) {
  return new Promise<{ status: number; allow?: string }>((resolve, reject) => {
    const sent = httpRequest(`${site.url}${target}`, { method }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, allow: response.headers.allow });
    });
    sent.on('error', reject);
    sent.end();
  });
}

const noStack = () => expect(log()).not.toMatch(/^\s+at /m);

/** A token request sent from another loopback address: another client, as the server sees it. */
function tokenFrom(localAddress: string) {
  return new Promise<number>((resolve, reject) => {
    const sent = httpRequest(
      `${site.url}/sandbox/v1/auth/token`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    sent.on('error', reject);
    sent.end(
      JSON.stringify({
        public_key: SANDBOX_KEY_PAIR.publicKey,
        private_key: SANDBOX_KEY_PAIR.privateKey,
      }),
    );
  });
}

describe('the production server with slow and unusual clients', () => {
  it('serves every other client while a dozen bodies trickle in, and gives up on them', async () => {
    const slowHeaders = rawConnection('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const slowBodies = Array.from({ length: CONCURRENT_REQUESTS + 2 }, () =>
      // Its first 10 bytes only.
      rawConnection(`${postHead('/sandbox/v1/auth/token')}{"public_k`),
    );
    const authorization = `Bearer ${await token()}`;
    const charge = await fetch(`${site.url}/sandbox/v1/charges`, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(CHARGE),
    });
    expect(charge.status).toBe(201);
    for (const answer of await Promise.all(slowBodies.map(({ closed }) => closed))) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('"code":"request_timeout"');
    }
    expect(await slowHeaders.closed).toMatch(/^HTTP\/1\.1 408 /);
    noStack();
  });

  it.each(['TRACE', 'PROPFIND', 'PURGE'])(
    'answers %s with 405 and the methods it has, logging nothing',
    async (method) => {
      for (const [target, allow] of [
        ['/sandbox/v1/charges', 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE'],
        ['/api/search', 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE'],
        // A page takes no method but these.
        ['/resources/charges', 'GET, HEAD, OPTIONS'],
      ]) {
        const answer = await sendMethod(method, target!);
        expect(answer.status, target).toBe(405);
        expect(answer.allow).toBe(allow);
      }
      noStack();
      expect(log()).not.toContain('unsupported');
    },
  );

  it("counts each connection's address against the token limit, so one client's burst spares another", async () => {
    const statuses = [];
    for (let index = 0; index <= TOKENS_PER_MINUTE; index += 1) {
      statuses.push(await tokenFrom('127.0.0.3'));
    }
    expect(statuses.slice(0, TOKENS_PER_MINUTE)).toEqual(Array(TOKENS_PER_MINUTE).fill(200));
    expect(statuses.at(-1)).toBe(429);
    expect(await tokenFrom('127.0.0.4')).toBe(200);
  });

  it('answers CONNECT with 405 instead of dropping the connection', async () => {
    const { closed } = rawConnection(
      'CONNECT /sandbox/v1/charges HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    );
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toContain('Allow: GET, HEAD');
  });

  it('answers HEAD on a sandbox list as GET, without the body', async () => {
    const headers = { authorization: `Bearer ${await token()}` };
    const head = await fetch(`${site.url}/sandbox/v1/charges`, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    expect(head.headers.get('kestrel-request-id')).toMatch(/^req_/);
    expect(await head.text()).toBe('');
  });

  it('notes a body abandoned part way in one line, without a stack', async () => {
    // The server asks for the body once the request is handed on; the client leaves mid-body.
    const { socket } = rawConnection(postHead('/sandbox/v1/customers', 'Expect: 100-continue\r\n'));
    await new Promise((resolve) => socket.once('data', resolve));
    socket.write('{"name": "A', () => socket.destroy());
    await expect
      .poll(log)
      .toMatch(/Sandbox request req_\w+: The client closed the connection before its request body/);
    noStack();
    expect(log()).not.toContain('failed');
  });
});
