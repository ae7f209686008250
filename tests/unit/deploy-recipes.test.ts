// The Docker recipes cannot run here: they are held to what the deployment tests run instead
// (the proxy's configuration file, the standalone start command, the health route, the variables).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { STANDALONE_START } from '@/lib/build/standalone';
import { parseConfig } from '@/lib/config/env';
import { HEALTH_PATH } from '@/server/health.mjs';
import { PROXY_CONFIG } from '@/scripts/lib/proxy-server';

const COMPOSE_FILE = 'deploy/compose.yaml';

type Service = {
  image?: string;
  build?: { context: string };
  environment?: Record<string, string>;
  volumes?: string[];
};
const compose = parse(readFileSync(COMPOSE_FILE, 'utf8')) as { services: Record<string, Service> };
const dockerfile = readFileSync('Dockerfile', 'utf8');
/** The instructions of the Dockerfile's last stage, the image that runs. */
const runtimeStage = dockerfile.split(/^FROM /m).at(-1)!;
/** The instances nginx.conf sends requests to, as host and port. */
const upstreams = Array.from(
  readFileSync(PROXY_CONFIG, 'utf8').matchAll(/^\s*server (\w+):(\d+)/gm),
  ([, host, port]) => ({ host: host!, port: port! }),
);

describe('the Docker recipes', () => {
  it('start the image with the standalone folder’s command, the one its test runs', () => {
    const command = /^CMD (\[.*\])$/m.exec(runtimeStage)?.[1];
    expect(command && (JSON.parse(command) as string[]).join(' ')).toBe(STANDALONE_START);
    expect(runtimeStage).toMatch(/^COPY --from=build \S+ \/app\/\.next\/standalone \.\/$/m);
    expect(runtimeStage).toMatch(/^USER node$/m);
    expect(/^HEALTHCHECK[\s\S]*?\n(?!\s)/m.exec(runtimeStage)?.[0]).toContain(HEALTH_PATH);
  });

  it('mount the tested proxy configuration in the proxy', () => {
    const proxy = Object.values(compose.services).find((service) =>
      service.image?.startsWith('nginx'),
    );
    const mounts = (proxy?.volumes ?? []).map((volume) => volume.split(':'));
    const mounted = mounts.find(([, target]) => target === '/etc/nginx/nginx.conf');
    expect(mounted && path.resolve(path.dirname(COMPOSE_FILE), mounted[0]!)).toBe(
      path.resolve(PROXY_CONFIG),
    );
  });

  it('run each instance the proxy names from the image, trusting the proxy, on one Redis', () => {
    const exposed = /^EXPOSE (\d+)$/m.exec(runtimeStage)?.[1];
    expect(upstreams.length).toBeGreaterThanOrEqual(2);
    for (const { host, port } of upstreams) {
      const instance = compose.services[host];
      expect(instance?.build?.context, host).toBe('..');
      expect(port).toBe(exposed);
      const environment = instance!.environment!;
      expect(environment.TRUST_PROXY).toBe('true');
      expect(parseConfig(environment).sandboxRedisUrl).toBe(environment.SANDBOX_REDIS_URL);
      const redisHost = new URL(environment.SANDBOX_REDIS_URL!).hostname;
      expect(compose.services[redisHost]?.image).toMatch(/^redis:/);
    }
  });
});
