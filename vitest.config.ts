import { defineConfig } from 'vitest/config';

// chDB crashes inside worker threads, so every project runs in forked processes, and each
// test file gets its own process (and so its own chDB data directory).
export default defineConfig({
  test: {
    pool: 'forks',
    projects: [
      {
        test: {
          name: 'unit',
          pool: 'forks',
          include: ['{schemas,services,pipelines,bench,deploy}/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.integration.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          pool: 'forks',
          include: ['{schemas,services,pipelines}/**/*.integration.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['services/platform/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
