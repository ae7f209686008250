import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Lets V8's background unmapper hand freed pages back to the system before memory is read. */
const SETTLE_MS = 1000;

/**
 * Connects to the inspector of a server started with NODE_OPTIONS=--inspect=127.0.0.1:0, whose
 * address it printed to `logFile`, so the test can force full garbage collections: memory read
 * after one is what the server keeps, not where the collector happened to be in its cycle.
 * Needs a global WebSocket (Node 22, or Node 20 with --experimental-websocket).
 */
export async function openInspector(logFile) {
  const url = /ws:\/\/\S+/.exec(readFileSync(logFile, 'utf8'))?.[0];
  if (!url) throw new Error(`${logFile} has no inspector address: start the server with --inspect`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`Cannot reach ${url}`)), {
      once: true,
    });
  });
  let lastId = 0;
  const call = (method) =>
    new Promise((resolve) => {
      const id = (lastId += 1);
      const onMessage = (event) => {
        if (JSON.parse(event.data).id !== id) return;
        socket.removeEventListener('message', onMessage);
        resolve();
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    /** Runs a full garbage collection in the server and waits for its memory to settle. */
    async collectGarbage() {
      await call('HeapProfiler.collectGarbage');
      await sleep(SETTLE_MS);
    },
    close: () => socket.close(),
  };
}
