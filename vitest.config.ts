// All test suites. scripts/test.mjs runs them in two passes (unit + API, then browser) and prints the totals.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // At least two files at a time, also on two cores (vitest's default would be one): a file waits on its database,
    // on password hashing and on timers for much of its time (decision 036).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api-pglite',
          // One module graph per worker, not per file (decision 036, point 6): the API is imported once by each worker.
          isolate: false,
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/api/src/test/pglite-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          // One module graph per worker, not per file (decision 036, point 6): the API is imported once by each worker.
          isolate: false,
          include: ['apps/api/src/**/*.int.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/api/src/test/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts', 'apps/api/src/test/pglite-global-setup.ts'],
          // Two files at a time (decision 036): each has its own portal (its own copy of the database, a free port)
          // and its own Chromium, so they share nothing but the build they read.
          maxWorkers: 2,
          // A whole flow through many screens (axe on each) may take more than a minute on a loaded two-core machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
