// The connection's address, passed from the production server to the routes Next.js runs in the
// same process. Next.js gives a route the request but not its socket, so the server copies the
// address into a request header whose name it draws at start and keeps in the environment: a
// client cannot know the name, so it cannot send the header, and under another server (plain
// `next start`) the variable is unset and no header counts.

/** The environment variable holding the header's name. */
const HEADER_NAME_VARIABLE = 'KESTREL_SOCKET_ADDRESS_HEADER';

/**
 * Draws the header's name for this process; returns the function that stamps a Node.js request
 * with its connection's address, replacing any header of that name.
 * @returns {(request: import('node:http').IncomingMessage) => void}
 */
export function stampSocketAddresses() {
  const name = `x-socket-address-${crypto.randomUUID()}`;
  process.env[HEADER_NAME_VARIABLE] = name;
  return (request) => {
    request.headers[name] = request.socket.remoteAddress ?? '';
  };
}

/**
 * The name of the header this process's production server stamps, or undefined under another.
 * @returns {string | undefined}
 */
export function socketAddressHeaderName() {
  return process.env[HEADER_NAME_VARIABLE] || undefined;
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
