import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Three suites in one run: the pure machines, the server (against SQLite and PostgreSQL) and the
 * browser code (components in happy-dom, HTTP answered by msw). The app suite inherits the Vite
 * plugins so that Lingui's macros compile as in the build.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          test: {
            name: 'machines',
            environment: 'node',
            include: ['machines/**/*.test.ts', 'scripts/**/*.test.ts', 'contract/**/*.test.ts'],
            // Path generation walks whole state graphs: seconds of CPU on a loaded 2-core machine, no waiting.
            testTimeout: 60_000,
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
        {
          extends: true,
          test: {
            name: 'app',
            environment: 'happy-dom',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['src/test/setup.ts'],
            // A file's first test renders the app and compiles each screen's code on first use:
            // seconds on a loaded 2-core machine, so more than Vitest's 5 s default.
            testTimeout: 30_000,
          },
        },
      ],
    },
  }),
);
