import { defineConfig } from 'vitest/config';

/**
 * Three suites in one run: the pure machines, the server (against SQLite and
 * PostgreSQL) and the browser code (components in happy-dom, HTTP mocked with msw).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'machines',
          environment: 'node',
          include: ['machines/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
