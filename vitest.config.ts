import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests, in-process server tests (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), and browser journeys in Chromium against the built app.
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
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
