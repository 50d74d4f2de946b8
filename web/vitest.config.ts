import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests of the web app's logic (no DOM needed) and of the benchmarks' figures; the screens are
// tested in a real browser in e2e/.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: { include: ['src/**/*.test.ts', 'bench/**/*.test.ts'], environment: 'node' },
});
