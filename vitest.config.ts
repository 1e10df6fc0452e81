import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}', 'apps/web/server/**/*.test.ts', 'functions/*/src/**/*.test.ts', 'scripts/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Starts an S3-compatible server only when TEST_STORAGE=s3.
    globalSetup: ['apps/api/test/support/s3-global-setup.ts'],
  },
});
