import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Runs `npm run build` into `distDir` (search records, then `next build`) with `env` and returns
 * how long it took in seconds. Its output is shown only if it fails.
 */
export function timedBuild(distDir, env = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const build = spawn('npm', ['run', 'build'], {
      env: { ...process.env, ...env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    build.stdout.on('data', (data) => output.push(data));
    build.stderr.on('data', (data) => output.push(data));
    build.on('exit', (code) => {
      if (code === 0) return resolve((performance.now() - started) / 1000);
      process.stderr.write(Buffer.concat(output));
      reject(new Error(`npm run build into ${distDir} exited with ${code}`));
    });
  });
}

/** Total bytes and number of files under `<distDir>/static`: what a CDN would serve. */
export function staticFolderSize(distDir) {
  const folder = path.join(distDir, 'static');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter((file) => statSync(file).isFile());
  return { bytes: files.reduce((sum, file) => sum + statSync(file).size, 0), files: files.length };
}
