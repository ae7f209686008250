// The production server (`npm start`): Next.js, with its immutable prerendered pages answered
// from a cache that compresses each once (page-cache.mjs) and the embedded search's queries
// answered without Next.js's route pipeline (direct-search.mjs). Takes next start's options:
// npm start -- -p 3000 -H 127.0.0.1   (or PORT and HOSTNAME)
import { get, createServer } from 'node:http';
import { parseArgs } from 'node:util';
import next from 'next';
import { answerDirectly, directSearch, isDirectSearch } from './direct-search.mjs';
import { immutableRoutes } from './immutable-routes.mjs';
import { limitNotFoundLifetime } from './not-found-lifetime.mjs';
import { createPageCache } from './page-cache.mjs';
import { createScriptPolicy } from './script-policy.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME;
// The folder next.config.ts builds into.
const distDir = process.env.NEXT_DIST_DIR || '.next';

const app = next({ dev: false, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

/** Where this server answers itself: loopback when it listens on every interface. */
let selfHost = '127.0.0.1';

/** A route's answer from Next.js, uncompressed, through this server's own port. */
function fetchPage(route) {
  return new Promise((resolve, reject) => {
    const request = get(
      { host: selfHost, port, path: route, headers: { 'accept-encoding': 'identity' } },
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

const pageCache = createPageCache({ routes: immutableRoutes(distDir), fetchPage });
const scriptPolicy = createScriptPolicy(distDir);

/** The answer to a request that failed unexpectedly. */
function failed(response) {
  return (error) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  };
}

// Published by the start hook during app.prepare(), when search is embedded.
const search = directSearch();

const server = createServer((request, response) => {
  if (pageCache.serve(request, response)) return;
  if (isDirectSearch(search, request)) {
    answerDirectly(search, request, response).catch(failed(response));
    return;
  }
  scriptPolicy.apply(request, response);
  limitNotFoundLifetime(response);
  handle(request, response).catch(failed(response));
  pageCache.learn(request);
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
