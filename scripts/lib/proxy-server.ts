import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HEALTH_PATH } from '../../server/health.mjs';
import { freePort } from './site-server';

/** The reverse proxy's configuration, as deployments use it. */
export const PROXY_CONFIG = 'deploy/nginx.conf';
/** Debian's nginx, installed by scripts/install-debian.sh. */
const NGINX = '/usr/sbin/nginx';

/** `text` with `pattern` replaced, failing when the configuration no longer has it. */
function replaced(text: string, pattern: RegExp, replacement: (index: number) => string) {
  let count = 0;
  const result = text.replace(pattern, () => replacement(count++));
  if (count === 0) throw new Error(`${PROXY_CONFIG} has no ${pattern}: update this template`);
  return result;
}

/** The shipped configuration with only its listening address, instances and files changed. */
export function localProxyConfig(options: {
  port: number;
  upstreams: string[];
  pidFile: string;
  accessLog: string;
}) {
  let config = readFileSync(PROXY_CONFIG, 'utf8');
  config = replaced(config, /^(\s*)listen 80;$/m, () => `    listen 127.0.0.1:${options.port};`);
  config = replaced(config, /server app\d+:3000/g, (index) => {
    const upstream = options.upstreams[index];
    if (!upstream) throw new Error(`${PROXY_CONFIG} names more instances than the test starts`);
    return `server ${upstream}`;
  });
  config = replaced(config, /^pid \S+;$/m, () => `pid ${options.pidFile};`);
  return replaced(config, /access_log \/dev\/stdout /, () => `access_log ${options.accessLog} `);
}

/** One line of the proxy's access log: the request and the instances it went to, in order. */
export type ProxyLogLine = { client: string; request: string; status: number; upstreams: string[] };

/**
 * Starts nginx with the shipped configuration in front of `upstreams` (host:port); resolves once
 * it answers its health route.
 */
export async function startProxy(upstreams: string[], folder: string) {
  const port = await freePort();
  const configFile = path.join(folder, 'nginx.conf');
  const pidFile = path.join(folder, 'nginx.pid');
  const accessLog = path.join(folder, 'access.log');
  writeFileSync(configFile, localProxyConfig({ port, upstreams, pidFile, accessLog }));
  const proxy = spawn(NGINX, ['-p', folder, '-c', configFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  proxy.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<void>((resolve) => proxy.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proxy.exitCode !== null) throw new Error(`nginx exited with ${proxy.exitCode}:\n${errors}`);
    const up = await fetch(`${url}${HEALTH_PATH}`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer at ${url}:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    /** The access log so far, one entry per request (the health route is not logged). */
    requests: (): ProxyLogLine[] =>
      Array.from(
        readFileSync(accessLog, 'utf8').matchAll(
          /^(\S+) \[[^\]]*\] "([^"]*)" (\d{3}) \d+ upstream=(.*?) upstream_status=/gm,
        ),
        (match) => ({
          client: match[1]!,
          request: match[2]!,
          status: Number(match[3]),
          upstreams: match[4]!.split(', '),
        }),
      ),
    stop: async () => {
      if (proxy.exitCode === null) proxy.kill('SIGQUIT');
      await exited;
    },
  };
}
