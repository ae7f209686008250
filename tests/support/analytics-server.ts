import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the analytics script does once it runs: note how far the page was, then send a beacon. */
const SCRIPT = `
window.__analytics = { readyState: document.readyState };
fetch(new URL('/collect?path=' + encodeURIComponent(location.pathname), document.currentScript.src))
  .then(() => { window.__analytics.sent = true; });
`;

/**
 * A third-party page-analytics host on localhost: serves its script, accepts beacons and reports
 * the paths it was asked for at `/requests`.
 */
export async function startAnalyticsServer() {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const cors = { 'access-control-allow-origin': '*' };
    if (request.url === '/requests') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify(requests));
    }
    requests.push(request.url ?? '');
    if (request.url === '/script.js') {
      response.writeHead(200, { 'content-type': 'text/javascript', ...cors }).end(SCRIPT);
    } else if (request.url?.startsWith('/collect')) {
      response.writeHead(204, cors).end();
    } else {
      response.writeHead(404, cors).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    scriptUrl: `${origin}/script.js`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
