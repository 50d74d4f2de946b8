import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The manifest feeds the first-load size benchmark (web/bench/).
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: { host: '127.0.0.1' },
});
