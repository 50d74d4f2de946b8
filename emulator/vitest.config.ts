import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Suites start emulators and a browser: one file at a time on a 2-core machine.
    fileParallelism: false,
    // Local only: the Google auth library must not probe for a cloud metadata server.
    env: { METADATA_SERVER_DETECTION: 'none' },
  },
});
