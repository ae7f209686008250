import 'server-only';
import { serverConfig } from '@/lib/config/server';
import { createSandbox } from './sandbox';

let instance: ReturnType<typeof createSandbox> | undefined;

/** The process's sandbox, built from the document and the configuration on first use. */
export function sandbox() {
  const { sandbox: config, trustProxy } = serverConfig();
  instance ??= createSandbox({ config: { ...config, trustProxy } });
  return instance;
}
