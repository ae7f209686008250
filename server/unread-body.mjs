// An answer given before its request's body has arrived in full (a body over a size limit, or one
// too slow to arrive) leaves the rest of that body on the connection, where it cannot be read as
// the next request: the connection would wait for a request that never comes.

import { beforeHead } from './response-head.mjs';

/**
 * True when the request has a body that has not arrived in full. A request without one is
 * complete only once Node.js has finished parsing it, after an answer written at once began.
 * @param {import('node:http').IncomingMessage} request
 */
function bodyUnread(request) {
  const declared = request.headers['transfer-encoding'] ?? request.headers['content-length'];
  return !request.complete && declared !== undefined && declared !== '0';
}

/**
 * Closes the connection after `response`, and says so in its head, when the head is written
 * before `request`'s body has arrived in full; the client sends its next request on a new one.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
export function closeAfterUnreadBody(request, response) {
  beforeHead(response, () => {
    if (bodyUnread(request)) response.setHeader('Connection', 'close');
  });
}
