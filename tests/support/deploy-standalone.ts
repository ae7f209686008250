import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { STANDALONE_START } from '@/lib/build/standalone';
import { HEALTH_PATH } from '@/server/health.mjs';
import { buildSite, freePort } from '@/scripts/lib/site-server';

/** Where the deployment tests build a standalone copy when the build under test is not one. */
const STANDALONE_DIST_DIR = '.next-standalone';
/** The build the other tests serve. */
const servedDistDir = process.env.NEXT_DIST_DIR || '.next';

const builtAt = (distDir: string) => statSync(path.join(distDir, 'BUILD_ID')).mtimeMs;

/** A standalone build's folder and the name of the build folder inside it (NEXT_DIST_DIR). */
export type Standalone = { folder: string; distDir: string };

/**
 * A standalone build of the current sources: the build under test when it is one (as
 * `npm test` builds it), else one built beside it before and newer than it, else one built now
 * (about two minutes).
 */
export async function standaloneBuild(): Promise<Standalone> {
  const served = path.join(servedDistDir, 'standalone');
  if (existsSync(path.join(served, 'server/main.mjs'))) {
    return { folder: served, distDir: path.relative(process.cwd(), servedDistDir) };
  }
  const folder = path.join(STANDALONE_DIST_DIR, 'standalone');
  const fresh =
    existsSync(path.join(folder, 'server/main.mjs')) &&
    existsSync(path.join(servedDistDir, 'BUILD_ID')) &&
    builtAt(STANDALONE_DIST_DIR) >= builtAt(servedDistDir);
  if (!fresh) {
    await buildSite({ distDir: STANDALONE_DIST_DIR, env: { NEXT_OUTPUT: 'standalone' } });
  }
  return { folder, distDir: STANDALONE_DIST_DIR };
}

/**
 * Starts a standalone folder with its documented command (or `start`), from inside it; resolves
 * once it answers its health route, or rejects with its output if it exits first.
 */
export async function startStandalone(
  { folder, distDir }: Standalone,
  env: Record<string, string> = {},
  start = STANDALONE_START,
) {
  const port = await freePort();
  const [command, ...args] = start.split(' ');
  const server = spawn(command === 'node' ? process.execPath : command!, args, {
    cwd: folder,
    env: {
      ...process.env,
      NEXT_DIST_DIR: distDir,
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
    // The site's server is ready once /healthz says ok; Next.js's has no such path: any answer.
    const up = await fetch(`${url}${HEALTH_PATH}`).then(
      (answer) => answer.ok || start !== STANDALONE_START,
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
