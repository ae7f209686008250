import type { TestProject } from 'vitest/node';
import { startSite } from '@/scripts/lib/site-server';
import { SERVED_LIMITS } from './served-limits';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Serves the production build (`npm run build`) on localhost for the browser and HTTP tests. */
export default async function setup(project: TestProject) {
  const site = await startSite({ env: SERVED_LIMITS });
  project.provide('baseUrl', site.url);
  return site.stop;
}
