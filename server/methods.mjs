// The methods each path takes, and this server's own answers to the others: a page, a file or any
// other read-only path takes GET, HEAD and OPTIONS, and only the routes with methods of their own
// get the rest, answering those they do not take themselves.

/** The methods Next.js's routes answer; it fails on any other with a logged 500. */
export const ROUTED_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** What a page, a Markdown export, a social image or a file takes. */
export const READ_METHODS = ['GET', 'HEAD', 'OPTIONS'];
/** The sandbox API (app/sandbox), the MCP server (app/mcp) and the search endpoint (app/api). */
const ROUTES_WITH_METHODS = /^\/(?:sandbox|mcp|api)(?:[/?]|$)/;

/**
 * The methods a path may be asked with: on a route with methods of its own, every method Next.js
 * routes (the route refuses those it does not take itself); elsewhere, the read-only ones.
 * @param {string} path the path and query string
 */
export function methodsOf(path) {
  return ROUTES_WITH_METHODS.test(path) ? ROUTED_METHODS : READ_METHODS;
}

/**
 * 405, naming the methods in `Allow`, with the site's headers.
 * @param {import('node:http').ServerResponse} response
 * @param {string[]} methods
 * @param {Record<string, string>} siteHeaders
 */
export function refuseMethod(response, methods, siteHeaders) {
  const allow = methods.join(', ');
  response.writeHead(405, {
    ...siteHeaders,
    allow,
    'content-type': 'text/plain; charset=utf-8',
  });
  response.end(`Method Not Allowed: this address answers ${allow}.\n`);
}

/**
 * The answer to OPTIONS: 204, naming the methods in `Allow`, with the site's headers.
 * @param {import('node:http').ServerResponse} response
 * @param {string[]} methods
 * @param {Record<string, string>} siteHeaders
 */
export function answerOptions(response, methods, siteHeaders) {
  response.writeHead(204, { ...siteHeaders, allow: methods.join(', ') });
  response.end();
}
