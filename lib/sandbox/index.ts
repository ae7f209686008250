import 'server-only';
import { serverConfig } from '@/lib/config/server';
import { createSandbox } from './sandbox';

let instance: ReturnType<typeof createSandbox> | undefined;

/** The process's sandbox, built from the document and the environment on first use. */
export function sandbox() {
  instance ??= createSandbox({ config: serverConfig().sandbox });
  return instance;
}
