import 'server-only';
import { createClient } from 'redis';

/** Longest one Redis command may take before the request is refused as unavailable. */
const COMMAND_TIMEOUT_MS = 2000;
/** Longest one connection attempt may take. */
const CONNECT_TIMEOUT_MS = 2000;
/** Longest pause between reconnection attempts while Redis is down. */
const MAX_RECONNECT_DELAY_MS = 2000;

function newClient(url: string) {
  return createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });
}

export type SandboxRedis = ReturnType<typeof newClient>;

/**
 * A Redis connection that reconnects by itself and, while down, refuses commands at once
 * instead of queueing them; an outage is logged when it starts and when it ends. `connected`
 * settles once the first connection is up, or after the connection timeout if it is not.
 */
export function connectRedis(url: string): { client: SandboxRedis; connected: Promise<void> } {
  const host = new URL(url).host;
  let down = false;
  const client = newClient(url);
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    console.error(
      `Sandbox store: Redis at ${host} is unavailable (${error.message}). Sandbox requests answer 503 until it is back.`,
    );
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    console.info(`Sandbox store: Redis at ${host} is back.`);
  });
  // Reconnects by itself; the 'error' listener reports a failed first attempt.
  const connecting = client.connect().then(
    () => undefined,
    () => undefined,
  );
  const gaveUp = new Promise<void>((resolve) => setTimeout(resolve, CONNECT_TIMEOUT_MS).unref());
  return { client, connected: Promise.race([connecting, gaveUp]) };
}
