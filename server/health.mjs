// The route a proxy or a container checks an instance by; Next.js has none of its own.

/** Where the production server says it is up. */
export const HEALTH_PATH = '/healthz';

/**
 * Answers the health route: the server listens only once Next.js is prepared, so any answer
 * means the instance serves pages.
 * @param {import('node:http').ServerResponse} response
 * @param {Record<string, string>} siteHeaders the headers every answer of the site carries
 */
export function answerHealth(response, siteHeaders) {
  response.writeHead(200, {
    ...siteHeaders,
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end('ok\n');
}
