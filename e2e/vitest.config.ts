import { defineConfig } from 'vitest/config';

// Browser tests: one stack for the whole run (globalSetup), files one after another.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/csp-guard.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
  },
});
