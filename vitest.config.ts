import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files run at once: at least two. The integration and browser files wait on a broker, a
 * child process or Chromium about as long as they compute, so on a 2-core machine two at a time
 * take about half the wall time of vitest's default (one fewer than the cores). Each file makes
 * its own namespaces (topics, queues, key prefixes, databases, ports), so any two can overlap.
 */
const FILES_AT_ONCE = Math.max(2, os.availableParallelism());

// chDB crashes inside worker threads, so every project runs in forked processes, and each
// test file gets its own process (and so its own chDB data directory).
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: FILES_AT_ONCE,
    projects: [
      {
        test: {
          name: 'unit',
          pool: 'forks',
          include: ['{schemas,services,pipelines,bench,deploy}/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.integration.test.ts'],
          // A guard against hangs, not a speed limit: the heavier unit tests (proximity over every
          // tile, the national generator) take seconds, and more while integration files share the cores.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          pool: 'forks',
          include: ['{schemas,services,pipelines,deploy}/**/*.integration.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['services/platform/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}', 'web/scripts/**/*.test.ts'] } },
      {
        // Browser tests: the standalone server in-process and the system Chromium (web/e2e/README.md).
        test: {
          name: 'e2e',
          pool: 'forks',
          include: ['web/e2e/**/*.e2e.test.ts'],
          globalSetup: ['services/platform/src/testing/global-setup.ts', 'web/e2e/fixtures-template.global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A page's answer can take seconds while the rest of the suite shares the machine;
          // expect.poll's own default would give up after 1 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
