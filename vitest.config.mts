import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

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
          // Real servers on localhost, the production build among them.
          globalSetup: ['tests/support/serve-build.ts'],
          testTimeout: 60_000,
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
          // Files share two cores with the server and the browser; one at a time keeps timings sane.
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
