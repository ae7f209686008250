import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { finishBuild } from '../../lib/build/finish-build';

/** A port nobody is listening on, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

async function waitUntilUp(url: string, server: ChildProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      await fetch(url, { method: 'HEAD' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`The site did not answer at ${url} within ${timeoutMs} ms`);
}

type SiteOptions = {
  /** Another Next.js project to build or serve instead of the site (its own `.next`). */
  projectDir?: string;
  /** Output folder of the build to serve (NEXT_DIST_DIR). */
  distDir?: string;
  env?: Record<string, string>;
  /** File the server's stdout and stderr go to, for tests that read its log. */
  logFile?: string;
  /** Serve the site with Next.js's own server (`next start`) instead of `npm start`'s. */
  nextStart?: boolean;
};

const nextBin = 'node_modules/next/dist/bin/next';
/** The site's production server (`npm start`); another project, or `nextStart`, by `next start`. */
const siteServer = 'server/main.mjs';
/** The build `npm run build` made, or the one NEXT_DIST_DIR names. */
const defaultDistDir = process.env.NEXT_DIST_DIR || '.next';

/**
 * Builds the site into `distDir` with `env` (a separate build per content configuration),
 * without the type check: `npm run build` made it on these sources.
 */
export function buildSite({
  projectDir,
  distDir = defaultDistDir,
  env = {},
  logFile,
}: SiteOptions) {
  return new Promise<void>((resolve, reject) => {
    const output = logFile ? openSync(logFile, 'a') : 'inherit';
    const build = spawn(process.execPath, [nextBin, 'build', ...(projectDir ? [projectDir] : [])], {
      env: {
        ...process.env,
        ...env,
        NEXT_DIST_DIR: distDir,
        NEXT_TELEMETRY_DISABLED: '1',
        BUILD_SKIP_TYPECHECK: '1',
      },
      stdio: ['ignore', output, output],
    });
    build.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`next build into ${distDir} exited with ${code}`)),
    );
  }).then(async () => {
    // What `npm run build` does after `next build`; another project is left as Next.js built it.
    if (!projectDir) await finishBuild(distDir);
  });
}

/**
 * Serves a production build on localhost, the way `npm start` does; returns its URL, its
 * process id and a stop function.
 */
export async function startSite({
  projectDir,
  distDir = defaultDistDir,
  env = {},
  logFile,
  nextStart = false,
}: SiteOptions = {}) {
  const builtDir = projectDir ? `${projectDir}/.next` : distDir;
  if (!existsSync(`${builtDir}/BUILD_ID`)) {
    throw new Error(`No production build in ${distDir}: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const output = logFile ? openSync(logFile, 'w') : 'ignore';
  const command =
    projectDir || nextStart
      ? [nextBin, 'start', ...(projectDir ? [projectDir] : [])]
      : [siteServer];
  const server = spawn(process.execPath, [...command, '-H', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, ...env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', output, logFile ? output : 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, server);
  return {
    url,
    /** Id of the server's process (the server may run in it or in a child of it). */
    pid: server.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        // A server killed by a signal has no exit code, only the signal.
        if (server.exitCode !== null || server.signalCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
}
