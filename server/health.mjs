// The route a proxy or a container checks an instance by; Next.js has none of its own.

/** Where the production server says it is up. */
export const HEALTH_PATH = '/healthz';

/**
 * Answers the health route: the server listens only once Next.js is prepared, so any answer
 * means the instance serves pages.
 * @param {import('node:http').ServerResponse} response
 */
export function answerHealth(response) {
  response.writeHead(200, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end('ok\n');
}
