import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './site-server';

export type RunningRedis = {
  url: string;
  port: number;
  /** Stops the server and waits until its port refuses connections. */
  stop(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open and nothing answers, as a hung host. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
};

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const answer = (accepted: boolean) => {
      socket.destroy();
      resolve(accepted);
    };
    socket.once('connect', () => answer(true)).once('error', () => answer(false));
    socket.setTimeout(500, () => answer(false));
  });
}

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Debian's `redis-server` on 127.0.0.1, without persistence, on a free port or the given one
 * (to bring back a server a test stopped). `scripts/install-debian.sh` installs it.
 */
export async function startRedis({ port }: { port?: number } = {}): Promise<RunningRedis> {
  const chosen = port ?? (await freePort());
  const server = spawn(
    'redis-server',
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const failed = new Promise<never>((_, reject) =>
    server.once('error', (error) =>
      reject(
        new Error(`redis-server did not start (${error.message}): run scripts/install-debian.sh`),
      ),
    ),
  );
  const listening = until(async () => {
    if (server.exitCode !== null) throw new Error(`redis-server exited with ${server.exitCode}`);
    return accepts(chosen);
  }, `redis-server did not listen on ${chosen}`);
  // Whichever settles first decides; the other must not surface later as an unhandled rejection.
  listening.catch(() => undefined);
  await Promise.race([listening, failed]);
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    pause: () => void server.kill('SIGSTOP'),
    resume: () => void server.kill('SIGCONT'),
    async stop() {
      if (server.exitCode === null) server.kill('SIGCONT');
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
      await until(async () => !(await accepts(chosen)), `redis-server still listens on ${chosen}`);
    },
  };
}
