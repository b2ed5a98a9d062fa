import { configDefaults, defineConfig } from 'vitest/config';

// Four projects: pure unit tests, in-process server tests (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), what only PostgreSQL can run, and browser journeys in Chromium against the
// built app.
export default defineConfig({
  test: {
    // Two cores here: parallel but modest.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // The menu rules are checked over every role and flag combination (thousands of cases per
          // test): seconds on a quiet machine, more on a busy 2-core one.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // What needs PostgreSQL itself (TEST_DATABASE_URL), such as several API processes behind
        // nginx: CI runs it on a throwaway database after npm test.
        test: {
          name: 'postgres',
          include: ['apps/server/src/**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/require-postgres.ts', 'apps/server/src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          // The accessibility gate around every journey (docs/architecture.md#the-accessibility-gate).
          setupFiles: ['e2e/support/axe-setup.ts'],
          // A journey's budget, not a speed check (speed is measured in bench/): every wait in it is
          // bounded on its own, and a busy machine has been seen to take twice as long or more.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
