import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { BODY_TIMEOUT_MS } from '@/lib/sandbox/limits';
import { createSandbox, type SandboxOptions } from '@/lib/sandbox/sandbox';
import { toldStory } from './told-story';

/**
 * The sandbox's configuration, with limits high enough for a test that calls it many times a
 * second; this server appends the socket address to X-Forwarded-For as a trusted proxy would.
 */
export function sandboxConfig(limits: Partial<SandboxOptions['config']['limits']> = {}) {
  return {
    enabled: true,
    trustProxy: true,
    bodyTimeoutMs: BODY_TIMEOUT_MS,
    limits: {
      requestsPerSecond: 10_000,
      tokensPerMinute: 10_000,
      concurrentRequests: 10_000,
      ...limits,
    },
  };
}

/** A clock the tests move forward to expire tokens and settle asynchronous steps. */
export function testClock(start = Date.now()) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function toWebRequest(request: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  // As a proxy does: the socket's address appended to whatever the client sent.
  const socket = request.socket.remoteAddress ?? 'unknown';
  const sent = headers.get('x-forwarded-for');
  headers.set('x-forwarded-for', sent ? `${sent}, ${socket}` : socket);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url ?? '/', origin), {
    method: request.method,
    headers,
    body: hasBody ? (Readable.toWeb(request) as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit);
}

async function sendWebResponse(response: Response, reply: ServerResponse) {
  reply.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void reply.end();
  const reader = response.body.getReader();
  reply.on('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) break;
    reply.write(value);
  }
  reply.end();
}

/** The sandbox handler on a real HTTP server on 127.0.0.1, as the site's route serves it. */
export async function startSandboxServer(options: Partial<SandboxOptions> = {}) {
  const sandbox = createSandbox({
    config: sandboxConfig(),
    ...(options.document ? {} : toldStory()),
    ...options,
  });
  let origin = '';
  const server = createServer((request, reply) => {
    sandbox
      .handle(toWebRequest(request, origin))
      .then((response) => sendWebResponse(response, reply))
      .catch((error: unknown) => {
        reply.writeHead(500).end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = `${origin}/sandbox`;

  /** Calls the sandbox like a client of the API would. */
  async function call(
    method: string,
    path: string,
    init: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      // Answers are read field by field in assertions, checked against the schemas elsewhere.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      body: text ? (JSON.parse(text) as any) : undefined,
    };
  }

  /** A new access token, and so a new sandbox. */
  async function token(): Promise<string> {
    const { body } = await call('POST', '/v1/auth/token', {
      body: { public_key: SANDBOX_KEY_PAIR.publicKey, private_key: SANDBOX_KEY_PAIR.privateKey },
    });
    return body.access_token as string;
  }

  return {
    sandbox,
    base,
    origin,
    call,
    token,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
