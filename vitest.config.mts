import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
// Vitest leaves one core free by default, which on a two-core machine means one worker; tests
// that run in Node alone can use them all.
const everyCore = availableParallelism();

export default defineConfig({
  resolve: {
    alias: {
      '@/': `${root}/`,
      // Server-only modules are safe to import in tests, which run on the server side.
      'server-only': `${root}/tests/support/empty-module.ts`,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          maxWorkers: everyCore,
          // Unit tests hold no global state, so files share loaded modules (the OpenAPI document,
          // the pages) instead of loading them once each.
          isolate: false,
          // Some tests read and expand every page of the site once.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          maxWorkers: everyCore,
          // Real servers on localhost, the production build among them; the sandbox's story,
          // told once for every sandbox server the files start.
          globalSetup: ['tests/support/serve-build.ts', 'tests/support/tell-story.ts'],
          testTimeout: 60_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/serve-build.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One file at a time: two side by side on two cores slow the server enough that the
          // search client's 2 s read timeout fails a query now and then.
          fileParallelism: false,
          // Client navigations and fades settle within a few seconds even on a loaded machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-cms',
          include: ['tests/e2e-cms/**/*.test.ts'],
          globalSetup: ['tests/e2e-cms/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
