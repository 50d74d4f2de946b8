import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Two layers run together: the logic (*.test.ts, no DOM; with the benchmarks' figures) and the components and routes (*.test.tsx,
// Testing Library in happy-dom against the typed fake API of src/testing/fake-api.ts). The browser
// journeys live in e2e/.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          // The messages the app's zod speaks, as main.tsx sets them.
          setupFiles: ['src/lib/zod-locale.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/lib/zod-locale.ts', 'src/testing/setup-dom.ts'],
          // React's development build renders a long form typed key by key (user-event) in a few seconds on a
          // loaded two-core machine; the default 5 s made such tests fail on load alone.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
