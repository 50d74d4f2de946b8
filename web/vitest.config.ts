import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Two layers run together: the logic (*.test.ts, no DOM; with the benchmarks' figures) and the components and routes (*.test.tsx,
// Testing Library in happy-dom against the typed fake API of src/testing/fake-api.ts). The browser
// journeys live in e2e/.
// `react` is Preact's compat layer (ADR 0026). The libraries built on it run through Vite like our code, so a
// screen and its libraries share the one ESM Preact that Node loads (a CommonJS copy beside it breaks hooks).
const moduleFile = (path: string) => fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url));
const preactFile = (path: string) => moduleFile(`preact/${path}`);
const onePreact = [
  { find: /^preact$/, replacement: preactFile('dist/preact.mjs') },
  { find: /^preact\/hooks$/, replacement: preactFile('hooks/dist/hooks.mjs') },
  { find: /^preact\/compat$/, replacement: preactFile('compat/dist/compat.mjs') },
  { find: /^preact\/jsx-(dev-)?runtime$/, replacement: preactFile('jsx-runtime/dist/jsxRuntime.mjs') },
  { find: /^preact\/test-utils$/, replacement: preactFile('test-utils/dist/testUtils.mjs') },
  {
    find: /^(react|react-dom|react-dom\/client|use-sync-external-store\/shim(\/index\.js)?)$/,
    replacement: preactFile('compat/dist/compat.mjs'),
  },
  { find: /^lucide-react$/, replacement: moduleFile('lucide-react/dist/esm/lucide-react.mjs') },
  { find: /^react(-dom)?\/jsx-(dev-)?runtime$/, replacement: preactFile('jsx-runtime/dist/jsxRuntime.mjs') },
];
const server = {
  deps: {
    inline: [/node_modules\/(reactfire|@nivo|@react-spring|use-debounce|react-virtualized-auto-sizer)\//],
  },
};
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
        resolve: {
          conditions: ['module', 'import', 'default'],
          alias: [...onePreact, ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement }))],
        },
        test: {
          server,
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/lib/zod-locale.ts', 'src/testing/setup-dom.ts'],
        },
      },
    ],
  },
});
