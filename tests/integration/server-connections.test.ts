// The production server with clients that reach it straight, without a proxy: connections that
// pipeline requests and never read, bodies refused part way, and request targets other than a
// path. Raw sockets, for what fetch never sends.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSite } from '@/scripts/lib/site-server';

const baseUrl = inject('baseUrl');

/** A raw connection to `url` that sends `text`; resolves with all it got once the server closes it. */
function exchange(url: string, text: string) {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  const closed = new Promise<string>((resolve) => {
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
  socket.write(text);
  return closed;
}

/** The head of a request that closes its connection once answered. */
const head = (requestLine: string) =>
  `${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;

describe('connections that pipeline requests and never read the answers', () => {
  /** Its own server: the test measures the memory of that process, the server itself. */
  let site: Awaited<ReturnType<typeof startSite>>;
  /** A shorter wait than the default 30 s for a client to read, so the test sees it pass. */
  const UNREAD_TIMEOUT_MS = 5000;
  beforeAll(async () => {
    site = await startSite({ env: { SERVER_UNREAD_TIMEOUT_MS: String(UNREAD_TIMEOUT_MS) } });
  }, 60_000);
  afterAll(() => site?.stop());

  const CONNECTIONS = 10;
  const REQUESTS_EACH = 60;
  /** A 1.3 MB file, so that answers held for the connections would show. */
  const LARGE_FILE = '/llms-full.txt';
  /** What the server may grow by; answering every request held about 750 MB. */
  const MAX_GROWTH_MB = 150;
  /** Beyond the stated wait, for a busy machine. */
  const CLOSE_MARGIN_MS = 10_000;
  /** Long enough to read what the kernel holds for a closed connection, a few megabytes. */
  const READ_LEFTOVERS_MS = 10_000;

  const residentMegabytes = () => {
    const status = readFileSync(`/proc/${site.pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
  };

  it(
    'holds little for them, answers another client meanwhile, and closes them',
    async () => {
      // The file and a page once first, so what loading them costs is not counted.
      for (const route of [LARGE_FILE, '/resources/charges']) {
        await (await fetch(`${site.url}${route}`)).arrayBuffer();
      }
      const before = residentMegabytes();
      const request = `GET ${LARGE_FILE} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
      const sockets = Array.from({ length: CONNECTIONS }, () => {
        const socket = connect(Number(new URL(site.url).port), '127.0.0.1');
        // Reads nothing: the answers stay in the server's buffers and the kernel's.
        socket.pause();
        socket.on('error', () => undefined);
        socket.write(request.repeat(REQUESTS_EACH));
        return socket;
      });

      const page = await fetch(`${site.url}/resources/charges`);
      expect(page.status).toBe(200);
      expect((await page.text()).length).toBeGreaterThan(0);

      let peak = before;
      // Node.js waits the stated time twice for an answer it has begun to send.
      const deadline = Date.now() + 2 * UNREAD_TIMEOUT_MS + CLOSE_MARGIN_MS;
      while (Date.now() < deadline) {
        peak = Math.max(peak, residentMegabytes());
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(peak - before).toBeLessThan(MAX_GROWTH_MB);
      // A socket that reads nothing learns of its close only once it reads again: it gets what
      // the kernel kept for it, then the end, where a connection still open would go on sending.
      const closed = await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<boolean>((resolve) => {
              const stillOpen = setTimeout(() => resolve(false), READ_LEFTOVERS_MS);
              socket.once('close', () => {
                clearTimeout(stillOpen);
                resolve(true);
              });
              socket.resume();
            }),
        ),
      );
      for (const socket of sockets) socket.destroy();
      expect(closed.filter(Boolean)).toHaveLength(CONNECTIONS);
    },
    2 * UNREAD_TIMEOUT_MS + 60_000,
  );
});

describe('a body refused before it is read to the end', () => {
  it('closes the connection after it, saying so, and only after such a body', async () => {
    // 400 KiB of a chunked body, far over the sandbox's 32 KiB, then the body's end.
    const chunk = `1000\r\n${'a'.repeat(0x1000)}\r\n`;
    const answer = await exchange(
      baseUrl,
      'POST /sandbox/v1/customers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Transfer-Encoding: chunked\r\n\r\n${chunk.repeat(100)}0\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    // Nothing more: before, the connection stayed open and answered 408 half a minute later.
    expect(answer.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
    // A body read in full, or none, leaves the connection to the requests that follow.
    const body = '{}';
    const kept = await exchange(
      baseUrl,
      'POST /sandbox/v1/customers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body}` +
        'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' +
        head('GET /healthz HTTP/1.1'),
    );
    expect(kept.match(/^HTTP\/1\.1 \d+/gm)).toEqual([
      'HTTP/1.1 401',
      'HTTP/1.1 200',
      'HTTP/1.1 200',
    ]);
  });
});

describe('a request target other than a path', () => {
  it('answers OPTIONS * with the methods of the server, and anything else for * with 400', async () => {
    const options = await exchange(baseUrl, head('OPTIONS * HTTP/1.1'));
    expect(options).toMatch(/^HTTP\/1\.1 204 /);
    expect(options).toMatch(/\r\nAllow: GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE\r\n/i);
    expect(await exchange(baseUrl, head('GET * HTTP/1.1'))).toMatch(/^HTTP\/1\.1 400 /);
  });

  it.each([
    ['http://evil.example/resources/charges', 200],
    ['http://evil.example/resources/charges/', 308],
    ['https://evil.example', 200],
  ])('takes the path alone from %s, never redirecting to its host', async (target, status) => {
    const answer = await exchange(baseUrl, head(`GET ${target} HTTP/1.1`));
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(answer).not.toMatch(/evil\.example/);
  });
});
