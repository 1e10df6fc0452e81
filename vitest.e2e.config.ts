import { defineConfig } from 'vitest/config';

/**
 * End-to-end suite (tests/e2e): a real server and a real Chromium, started once by the global
 * set-up and shared by every file; files run one after another. `npm test` runs it last.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 600_000,
    teardownTimeout: 30_000,
    slowTestThreshold: 15_000,
  },
});
