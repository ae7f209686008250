// The connection's address, passed from the production server (server/main.mjs) to the routes
// Next.js runs in the same process: Next.js gives a route the request but not its socket. The
// server copies the address into a request header whose name it draws at start and declares as
// SOCKET_ADDRESS_HEADER (lib/config/env.ts): a client cannot know the name, so it cannot send the
// header, and under another server (plain `next start`, a Next.js host) the variable is unset and
// no header counts.

/** How the drawn name begins, so that the request log can leave the header out. */
export const SOCKET_ADDRESS_HEADER_PREFIX = 'x-socket-address-';

/**
 * Draws the header's name for this process; returns the function that stamps a Node.js request
 * with its connection's address, replacing any header of that name.
 * @returns {(request: import('node:http').IncomingMessage) => void}
 */
export function stampSocketAddresses() {
  const name = `${SOCKET_ADDRESS_HEADER_PREFIX}${crypto.randomUUID()}`;
  process.env.SOCKET_ADDRESS_HEADER = name;
  return (request) => {
    request.headers[name] = request.socket.remoteAddress ?? '';
  };
}

/**
 * The name of the header this process's production server stamps, or undefined under another.
 * @returns {string | undefined}
 */
export function socketAddressHeaderName() {
  return process.env.SOCKET_ADDRESS_HEADER || undefined;
}

/**
 * The address the production server stamped on this request, or undefined under a server that
 * stamps none.
 * @param {Request} request
 * @returns {string | undefined}
 */
export function stampedSocketAddress(request) {
  const name = socketAddressHeaderName();
  return (name && request.headers.get(name)) || undefined;
}
