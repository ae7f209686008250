import type { TestProject } from 'vitest/node';
import { startSite } from '@/scripts/lib/site-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Serves the production build (`npm run build`) on localhost for the browser and HTTP tests. */
export default async function setup(project: TestProject) {
  // Every test reaches the sandbox from one address, many opening a sandbox of their own and the
  // rules' conformance test sending hundreds of requests: its limits per client would refuse them.
  // The sandbox's own tests hold it to its limits, and search's own test holds it to its rate.
  const site = await startSite({
    env: { SANDBOX_AUTH_RATE_LIMIT: '1000', SANDBOX_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000' },
  });
  project.provide('baseUrl', site.url);
  return site.stop;
}
