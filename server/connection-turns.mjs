// A client may send many requests on one connection before reading any answer (pipelining).
// Node.js hands the handler every request it has parsed at once, and each answer then waits in
// memory for the client to read it: ten connections each asking sixty times for a 1.3 MB file,
// and reading nothing, held 750 MB. Here a connection's requests are answered one at a time, the
// next only once the connection has taken the previous answer, and a connection that stops
// reading is closed.

/**
 * Requests of one connection waiting for their turn before it is no longer read: more than any
 * pipelining client sends ahead, few enough that waiting requests hold little.
 */
export const MAX_WAITING_REQUESTS = 16;
/**
 * Beyond this many waiting requests (a connection is read a whole packet at a time, and one can
 * hold hundreds of small requests) the connection is closed, so waiting requests never hold more
 * than this many requests' headers (16 KiB each at most, Node.js's own limit).
 */
export const MAX_QUEUED_REQUESTS = 8 * MAX_WAITING_REQUESTS;
/**
 * A connection on which nothing moves for this long while it has a request open (no byte arrives,
 * no byte of an answer is taken) is closed: long enough for a slow network or a slow answer (the
 * sandbox's event streams send a comment every 15 s), short enough that a client that never
 * reads frees what it asked for soon. Node.js waits a second period for an answer already handed
 * to the connection, so such a connection is closed within twice this.
 */
export const UNREAD_TIMEOUT_MS = 30_000;

/**
 * @typedef {import('node:http').IncomingMessage} Request
 * @typedef {import('node:http').ServerResponse} Response
 * @typedef {{ waiting: [Request, Response][], busy: boolean, paused: boolean }} Turns
 */

/**
 * `handle`, given each connection's requests one at a time: the next once the previous answer
 * is finished and the connection has taken what it could not yet send. The server closes a
 * connection idle for `UNREAD_TIMEOUT_MS` (see `closeUnread`).
 * @param {(request: Request, response: Response) => void} handle
 * @returns {(request: Request, response: Response) => void}
 */
export function inTurn(handle) {
  /** @type {WeakMap<import('node:net').Socket, Turns>} */
  const connections = new WeakMap();

  /** @param {import('node:net').Socket} socket @param {Turns} turns */
  function next(socket, turns) {
    if (socket.destroyed) return;
    if (socket.writableNeedDrain) {
      turns.busy = true;
      socket.once('drain', () => next(socket, turns));
      return;
    }
    const turn = turns.waiting.shift();
    turns.busy = Boolean(turn);
    if (turns.paused && turns.waiting.length < MAX_WAITING_REQUESTS) {
      turns.paused = false;
      socket.resume();
    }
    if (!turn) return;
    const [request, response] = turn;
    response.once('close', () => next(socket, turns));
    handle(request, response);
  }

  return (request, response) => {
    const { socket } = request;
    let turns = connections.get(socket);
    if (!turns) {
      turns = { waiting: [], busy: false, paused: false };
      connections.set(socket, turns);
    }
    turns.waiting.push([request, response]);
    if (turns.waiting.length > MAX_QUEUED_REQUESTS) {
      socket.destroy();
      return;
    }
    // Again for each request: Node.js resumes a connection it paused itself, ours included.
    if (turns.waiting.length >= MAX_WAITING_REQUESTS) {
      turns.paused = true;
      socket.pause();
    }
    if (!turns.busy) next(socket, turns);
  };
}

/**
 * Closes the server's connections on which nothing moves for `timeoutMs` (`UNREAD_TIMEOUT_MS`
 * unless the operator sets another) while a request is open (Node.js's socket timeout); a
 * connection with no request open keeps Node.js's keep-alive timeout instead.
 * @param {import('node:http').Server} server
 * @param {number} [timeoutMs]
 */
export function closeUnread(server, timeoutMs = UNREAD_TIMEOUT_MS) {
  server.setTimeout(timeoutMs);
}
