import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { STANDALONE_START } from '@/lib/build/standalone';
import { HEALTH_PATH } from '@/server/health.mjs';
import { buildSite, freePort } from '@/scripts/lib/site-server';

/** The standalone build the deployment tests run, beside the build under test. */
export const STANDALONE_DIST_DIR = '.next-standalone';
/** The build the other tests serve. */
const servedDistDir = process.env.NEXT_DIST_DIR || '.next';

const builtAt = (distDir: string) => statSync(path.join(distDir, 'BUILD_ID')).mtimeMs;

/**
 * The folder of a standalone build of the current sources: the one built before when it is newer
 * than the build under test, else one built now (about two minutes).
 */
export async function standaloneFolder(): Promise<string> {
  const folder = path.join(STANDALONE_DIST_DIR, 'standalone');
  const fresh =
    existsSync(path.join(folder, 'server/main.mjs')) &&
    existsSync(path.join(servedDistDir, 'BUILD_ID')) &&
    builtAt(STANDALONE_DIST_DIR) >= builtAt(servedDistDir);
  if (!fresh) {
    await buildSite({ distDir: STANDALONE_DIST_DIR, env: { NEXT_OUTPUT: 'standalone' } });
  }
  return folder;
}

/**
 * Starts a standalone folder with its documented command (or `start`), from inside it; resolves
 * once it answers its health route, or rejects with its output if it exits first.
 */
export async function startStandalone(
  folder: string,
  env: Record<string, string> = {},
  start = STANDALONE_START,
) {
  const port = await freePort();
  const [command, ...args] = start.split(' ');
  const server = spawn(command === 'node' ? process.execPath : command!, args, {
    cwd: folder,
    env: {
      ...process.env,
      NEXT_DIST_DIR: STANDALONE_DIST_DIR,
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      NEXT_TELEMETRY_DISABLED: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) {
      throw new Error(`The standalone server exited with ${server.exitCode}:\n${output}`);
    }
    const up = await fetch(`${url}${HEALTH_PATH}`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`The standalone server did not answer:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}
