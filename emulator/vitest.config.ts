import { configDefaults, defineConfig } from 'vitest/config';

// npm run validate:quick (scripts/test.mjs --quick) leaves out the files that drive Chromium.
const BROWSER_FILES = [
  'test/browser-sdk.test.ts',
  'test/browser-fidelity.test.ts',
  'test/browser-listeners.test.ts',
  'test/browser-nonascii.test.ts',
  'test/browser-backchannel-gap.test.ts',
  'test/browser-unicode-sort.test.ts',
  'test/rules/browser-rules.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.PUNTER_QUICK ? BROWSER_FILES : [])],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Suites start emulators and a browser: one file at a time on a 2-core machine.
    fileParallelism: false,
    // Local only: the Google auth library must not probe for a cloud metadata server.
    env: { METADATA_SERVER_DETECTION: 'none' },
  },
});
