import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file has its own stores (an in-memory one, or its own emulator on a free port), so two
    // files run side by side; much of their time is waiting (timeouts, retries), not CPU.
    fileParallelism: true,
    maxWorkers: 2,
    // Local only: the Google auth library must not probe for a cloud metadata server.
    env: { METADATA_SERVER_DETECTION: 'none' },
  },
});
