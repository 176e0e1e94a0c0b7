import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files run side by side. Vitest's own default on a 2-core machine is one worker (cores - 1), but the
 * API and browser tests spend most of their time waiting on sockets, databases and Chromium, so at least
 * two run at once. FROTA_TEST_WORKERS overrides it (1 runs one file at a time). Every browser-test worker
 * gets its own server and Chromium (e2e/src/globalSetup.ts).
 *
 * `isolate: false`: a worker keeps its loaded modules from one test file to the next instead of starting a
 * fresh process per file (loading the server's or the web app's modules again for each file cost more than
 * the tests themselves). Test files therefore keep no state in modules that another file could see.
 */
const workers = Number(process.env.FROTA_TEST_WORKERS) || Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      { test: { name: 'core', include: ['core/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'unit',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/test/**/*.test.ts', 'tools/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['web/src/testSetup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 90000,
          hookTimeout: 180000,
          globalSetup: ['e2e/src/globalSetup.ts'],
        },
      },
    ],
  },
});
