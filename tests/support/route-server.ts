import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

type Handler = (request: Request) => Response | Promise<Response>;

/** The request as a route handler receives it: a web Request, its body streamed. */
function webRequest(incoming: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
  return new Request(new URL(incoming.url ?? '/', origin), {
    method: incoming.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(incoming) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * Serves a route module's handlers (`POST`, `GET`, …) on 127.0.0.1 over real HTTP, the way the
 * framework calls them, for integration tests that need no build. Other methods get 405.
 */
export async function serveRoute(handlers: Partial<Record<string, Handler>>) {
  const server = createServer(async (incoming, outgoing) => {
    const origin = `http://${incoming.headers.host}`;
    const handler = handlers[incoming.method ?? 'GET'];
    const response = handler
      ? await handler(webRequest(incoming, origin))
      : new Response(null, { status: 405 });
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
    // A handler that stopped reading a body early leaves the rest unread: drop the connection.
    if (!incoming.complete) incoming.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
