import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // Local only: the Google auth library must not probe for a cloud metadata server.
    env: { METADATA_SERVER_DETECTION: 'none' },
  },
});
