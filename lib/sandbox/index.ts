import 'server-only';
import { serverConfig } from '@/lib/config/server';
import { redisState } from './redis-state';
import { createSandbox } from './sandbox';

let instance: ReturnType<typeof createSandbox> | undefined;

/** The process's sandbox, built from the document and the configuration on first use. */
export function sandbox() {
  const { sandbox: config, trustProxy, sandboxRedisUrl } = serverConfig();
  instance ??= createSandbox({
    config: { ...config, trustProxy },
    ...(sandboxRedisUrl && redisState(sandboxRedisUrl, config.limits)),
  });
  return instance;
}
