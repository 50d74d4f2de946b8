/**
 * Builds web/src/sw/sw.ts into /sw.js (ADR 0014): one classic script with its imports inlined, at
 * the site root so its scope is the whole app, outside the app's own chunks (it never joins a
 * screen's first load). `vite build` emits it beside index.html; the dev server bundles it on request.
 * A later feature (offline caching) adds its listeners to sw.ts; nothing here changes.
 */
import { fileURLToPath, URL } from 'node:url';
import { build, type Plugin } from 'vite';

export const SERVICE_WORKER_FILE = 'sw.js';
const entry = fileURLToPath(new URL('./src/sw/sw.ts', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));

async function bundleServiceWorker(minify: boolean): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@': src } },
    build: {
      write: false,
      minify,
      target: 'es2022',
      copyPublicDir: false,
      lib: { entry, formats: ['iife'], name: 'punterServiceWorker', fileName: () => SERVICE_WORKER_FILE },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!('output' in output)) continue;
    const chunk = output.output.find((o) => o.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error('the service worker build produced no script');
}

export function serviceWorker(): Plugin {
  return {
    name: 'punter:service-worker',
    configureServer(server) {
      server.middlewares.use(`/${SERVICE_WORKER_FILE}`, (_req, res, next) => {
        bundleServiceWorker(false).then((code) => {
          res.setHeader('Content-Type', 'text/javascript');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(code);
        }, next);
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: await bundleServiceWorker(true) });
    },
  };
}
