// Production as several instances run it: pages through the shipped nginx configuration in front
// of two instances beside one instance answering directly, and the sandbox's create-a-charge on
// the Redis store beside the memory store, all of one build, in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProxy } from '../lib/proxy-server.ts';
import { startRedis } from '../lib/redis-server.ts';
import { startSite } from '../lib/site-server.ts';
import { SAMPLED_PAGES } from '../sampled-pages.mjs';
import { BROWSER_HEADERS } from './http-load.mjs';
import { measureSandboxCharges, SANDBOX_BENCH_ENV } from './sandbox-load.mjs';

/** Charges created per figure, spread over its connections. */
const CHARGES = 400;
const CONNECTIONS = [1, 20];

/**
 * `loadFigures` measures a server's page load as the rest of the benchmark does. Returns the
 * page throughput direct and through the proxy, and create-a-charge latency per store and
 * number of connections.
 */
export async function deploymentFigures({ distDir, loadFigures }) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'kestrel-bench-proxy-'));
  const redis = await startRedis();
  const shared = { ...SANDBOX_BENCH_ENV, SANDBOX_REDIS_URL: redis.url };
  const servers = [];
  try {
    const memory = await startSite({ distDir, env: SANDBOX_BENCH_ENV, logFile: os.devNull });
    servers.push(memory);
    for (let instance = 0; instance < 2; instance += 1) {
      servers.push(await startSite({ distDir, env: shared, logFile: os.devNull }));
    }
    const instances = servers.slice(1);
    const proxy = await startProxy(
      instances.map((site) => new URL(site.url).host),
      folder,
    );
    servers.push(proxy);
    const page = {
      requests: [{ method: 'GET', path: SAMPLED_PAGES.resource }],
      headers: BROWSER_HEADERS,
    };
    // Each instance learns the page into its cache before it is measured.
    for (let warm = 0; warm < 4; warm += 1)
      await (await fetch(proxy.url + SAMPLED_PAGES.resource)).text();
    await (await fetch(memory.url + SAMPLED_PAGES.resource)).text();
    const direct = await loadFigures({ baseUrl: memory.url, ...page });
    const proxied = await loadFigures({ baseUrl: proxy.url, ...page });
    const sandbox = {};
    for (const [store, baseUrl] of [
      ['memory', memory.url],
      ['redis', instances[0].url],
    ]) {
      await measureSandboxCharges({ baseUrl, connections: 4, total: 40 });
      for (const connections of CONNECTIONS) {
        sandbox[`${store}${connections}`] = await measureSandboxCharges({
          baseUrl,
          connections,
          total: CHARGES,
        });
      }
    }
    return { direct, proxied, sandbox };
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await redis.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
