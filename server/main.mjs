// The production server (`npm start`): Next.js, with its immutable prerendered pages answered
// from a cache that compresses each once (page-cache.mjs) and the embedded search's queries
// answered without Next.js's route pipeline (direct-search.mjs). Takes next start's options:
// npm start -- -p 3000 -H 127.0.0.1   (or PORT and HOSTNAME). A standalone build's folder runs
// it the same way: node server/main.mjs (lib/build/standalone.ts).
import { get, createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import next from 'next';
import { stampSocketAddresses } from '../lib/config/socket-address.mjs';
import { closeUnread, inTurn } from './connection-turns.mjs';
import { answerDirectly, isDirectSearch, loadDirectSearch } from './direct-search.mjs';
import { answerHealth, HEALTH_PATH } from './health.mjs';
import { immutableRoutes } from '../lib/next-internals/prerender-manifest.mjs';
import {
  answerOptions,
  methodsOf,
  READ_METHODS,
  refuseMethod,
  ROUTED_METHODS,
} from './methods.mjs';
import { limitNotFoundLifetime } from './not-found-lifetime.mjs';
import { createPageCache } from './page-cache.mjs';
import { readScriptHashes } from '../lib/security/script-manifest.mjs';
import { ASTERISK_FORM, pathOfTarget } from './request-target.mjs';
import { headLines, siteHeaders } from './site-headers.mjs';
import { applyBuiltConfig } from '../lib/next-internals/standalone-config.mjs';
import { closeAfterUnreadBody } from './unread-body.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME;
// The build, its content and the search records are found from the folder holding server/.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));
// The folder next.config.ts builds into.
const distDir = process.env.NEXT_DIST_DIR || '.next';
applyBuiltConfig(distDir);
// The routes prerendered for good, which the page cache keeps.
const immutable = immutableRoutes(distDir);
// Before Next.js starts: without the build's script hashes the proxy could let no page run its
// scripts (proxy.ts).
readScriptHashes(distDir);
// The security headers of every page, for the answers this server writes itself.
const headers = siteHeaders(distDir);

// The sandbox's routes count each connection's address against its limits.
const stampSocketAddress = stampSocketAddresses();

const app = next({ dev: false, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

/** Where this server answers itself: loopback when it listens on every interface. */
let selfHost = '127.0.0.1';

/** A route's answer from Next.js, uncompressed, through this server's own port. */
function fetchPage(route, signal) {
  return new Promise((resolve, reject) => {
    const request = get(
      { host: selfHost, port, path: route, headers: { 'accept-encoding': 'identity' }, signal },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const pageCache = createPageCache({ routes: immutable, fetchPage });

/** Whole headers must arrive within this, or the connection gets 408 and is closed. */
const HEADERS_TIMEOUT_MS = 10_000;
/** A whole request, body included, must arrive within this; the sandbox gives up sooner. */
const REQUEST_TIMEOUT_MS = 30_000;
/** How often unfinished requests are checked against the two timeouts above. */
const TIMEOUT_CHECK_MS = 2_000;
/** Idle connections outlive common proxies' 60 s idle timeout, so a proxy closes them first. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The answer to a request target that is neither a path nor `*` for OPTIONS. */
function refuseTarget(response) {
  response.writeHead(400, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
  response.end('Bad Request: ask for a path, such as GET / HTTP/1.1.\n');
}

/** The answer to a request that failed unexpectedly. */
function failed(response) {
  return (error) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  };
}

// The embedded search's endpoint, its index built before the server listens.
const search = await loadDirectSearch(distDir);

const serverOptions = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  connectionsCheckingInterval: TIMEOUT_CHECK_MS,
  keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
};

/** Answers one request; a connection's requests come here one at a time (connection-turns.mjs). */
function answer(request, response) {
  closeAfterUnreadBody(request, response);
  if (request.url === ASTERISK_FORM && request.method === 'OPTIONS') {
    return answerOptions(response, ROUTED_METHODS, headers);
  }
  const path = pathOfTarget(request.url ?? '');
  if (path === null) return refuseTarget(response);
  // Next.js and the routes below read the path alone, whatever form the client sent it in.
  request.url = path;
  const methods = methodsOf(path);
  if (!methods.includes(request.method ?? '')) return refuseMethod(response, methods, headers);
  // Next.js answers OPTIONS for the routes with methods of their own, and 400 for a page.
  if (request.method === 'OPTIONS' && methods === READ_METHODS) {
    return answerOptions(response, methods, headers);
  }
  if (path === HEALTH_PATH) return answerHealth(response, headers);
  if (pageCache.serve(request, response)) return;
  if (isDirectSearch(search, request)) {
    answerDirectly(search, request, response).catch(failed(response));
    return;
  }
  stampSocketAddress(request);
  limitNotFoundLifetime(response);
  handle(request, response).catch(failed(response));
  pageCache.learn(request);
}

const server = createServer(serverOptions, inTurn(answer));
// SERVER_UNREAD_TIMEOUT_MS, a whole number of milliseconds, replaces the default when set.
const unreadTimeoutMs = Number(process.env.SERVER_UNREAD_TIMEOUT_MS);
closeUnread(
  server,
  Number.isInteger(unreadTimeoutMs) && unreadTimeoutMs > 0 ? unreadTimeoutMs : undefined,
);

// CONNECT never reaches the request handler: without this the connection is dropped unanswered.
server.on('connect', (_request, socket) => {
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\n${headLines(headers)}Allow: ${ROUTED_METHODS.join(', ')}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  );
});

server.listen(port, hostname, () => {
  const address = server.address();
  if (address && typeof address === 'object' && !['::', '0.0.0.0'].includes(address.address)) {
    selfHost = address.address;
  }
  console.log(`Kestrel Pay docs on http://${hostname ?? 'localhost'}:${port}`);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close();
    server.closeIdleConnections();
    void app.close().finally(() => process.exit(0));
  });
}
