import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request that reached the proxy, and what it was answered. */
export type Exchange = {
  method: string;
  /** The API path, without the sandbox's `/sandbox` prefix or the query string. */
  path: string;
  headers: Record<string, string>;
  status: number;
  answerHeaders: Record<string, string>;
  /** When it arrived, from `performance.now()`. */
  at: number;
};

/**
 * What the proxy does instead of forwarding, for the next `times` requests to `on` (`POST
 * /v1/charges`): give `answer`, give no answer at all (`hang`), or forward and rewrite the
 * token answer's `expires_in`.
 */
export type Fault = {
  on: string;
  times: number;
  answer?: { status: number; headers?: Record<string, string>; body: unknown };
  hang?: true;
  expiresIn?: number;
};

const HOP_HEADERS = [
  'host',
  'connection',
  'content-length',
  'content-encoding',
  'transfer-encoding',
];
const endToEnd = (headers: Iterable<[string, string]>) =>
  Object.fromEntries([...headers].filter(([name]) => !HOP_HEADERS.includes(name)));

/** An error envelope as the API writes it. */
export const envelope = (type: string, code: string) => ({
  error: { type, code, message: code, param: null, request_id: 'req_proxy' },
});

/**
 * A proxy on 127.0.0.1 in front of `target` (an origin) that records every exchange, so a test
 * can see what a client library sent, and answers for it where a fault says so.
 */
export async function startRecordingProxy(target: string) {
  const exchanges: Exchange[] = [];
  let faults: Fault[] = [];

  async function answer(request: IncomingMessage, reply: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = request.url!.replace(/^\/sandbox/, '').split('?')[0]!;
    const exchange: Exchange = {
      method: request.method!,
      path,
      headers: request.headers as Record<string, string>,
      status: 0,
      answerHeaders: {},
      at: performance.now(),
    };
    exchanges.push(exchange);
    const fault = faults.find((each) => each.on === `${exchange.method} ${path}` && each.times > 0);
    if (fault) fault.times -= 1;
    if (fault?.hang) return; // the client's timeout ends the exchange
    let { status, headers = {} } = fault?.answer ?? {};
    let text = JSON.stringify(fault?.answer?.body);
    if (!fault?.answer) {
      const forwarded = await fetch(`${target}${request.url}`, {
        method: request.method,
        headers: endToEnd(Object.entries(request.headers) as [string, string][]),
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      [status, headers, text] = [
        forwarded.status,
        endToEnd(forwarded.headers),
        await forwarded.text(),
      ];
      if (fault?.expiresIn)
        text = JSON.stringify({ ...JSON.parse(text), expires_in: fault.expiresIn });
    }
    Object.assign(exchange, { status, answerHeaders: headers });
    reply.writeHead(status!, { ...headers, 'content-type': 'application/json' }).end(text);
  }

  const server = createServer((request, reply) => {
    answer(request, reply).catch((error: unknown) => reply.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exchanges,
    /** The exchanges of one route, such as `GET /v1/charges`. */
    sent: (route: string) => exchanges.filter((each) => `${each.method} ${each.path}` === route),
    /** Forgets the exchanges so far and answers as `next` says from now on. */
    reset(next: Fault[] = []) {
      exchanges.length = 0;
      faults = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
