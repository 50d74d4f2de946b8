import { configDefaults, defineConfig } from 'vitest/config';

// npm run validate:quick (scripts/test.mjs --quick) leaves out the file that starts the whole local stack
// (Auth and Functions emulators, provider, seed): like the browser suites, it runs in npm test and CI.
const STACK_FILES = ['test/functions-emulator.test.ts'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.PUNTER_QUICK ? STACK_FILES : [])],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
