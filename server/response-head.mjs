// Changes to an answer's headers made as its head is written, when every header is known: one
// wrapper of writeHead per response, running each hook in the order it was added.

/** @type {WeakMap<import('node:http').ServerResponse, ((status: number) => void)[]>} */
const hooksOf = new WeakMap();

/**
 * Runs `hook` with the status as the response's head is written, once the headers given to
 * writeHead itself are set on the response too, so every hook sees all of them.
 * @param {import('node:http').ServerResponse} response
 * @param {(status: number) => void} hook
 */
export function beforeHead(response, hook) {
  const hooks = hooksOf.get(response);
  if (hooks) {
    hooks.push(hook);
    return;
  }
  hooksOf.set(response, [hook]);
  const writeHead = response.writeHead;
  // Node.js writes the head through this method too when a body starts without one.
  response.writeHead = function (status, ...rest) {
    const last = rest.at(-1);
    if (last && typeof last === 'object' && !Array.isArray(last)) {
      for (const [name, value] of Object.entries(rest.pop())) response.setHeader(name, value);
    }
    for (const run of hooksOf.get(response) ?? []) run(status);
    return writeHead.call(this, status, ...rest);
  };
}
