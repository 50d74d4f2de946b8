import { resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// The config imports core's TypeScript (the route table), so every vite command runs with --configLoader runner
// (web/package.json, scripts/stack.mjs, the bench); local imports keep their extension.
import { routeModules } from './route-modules.ts';
import { prerenderLogin, stubSdksUnusedByReactfire } from './build-plugins.ts';
import { APP_CHUNK_GROUPS, checkSdkChunks, REACT_CHUNK_GROUP, SDK_CHUNK_GROUPS } from './sdk-chunks.ts';
import { ROUTE_PRELOAD_SCRIPT, hostingHeaders, localPreviewRules } from './security-headers.ts';
import { serviceWorker } from './pwa.ts';
import { ROUTE_CHUNKS_ID } from './src/lib/route-preload.ts';

const webDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * Routes are lazy, so a first visit would load the entry, run it, and only then fetch the screen's
 * chunk. This adds a tiny inline script to index.html that preloads the chunks of the route being
 * opened (and /dashboard's for '/') in parallel with the entry. Routes with parameters match by pattern.
 * The script is the same in every build and the CSP allows it by hash; the chunk map is a JSON block.
 * The same map serves a route opened later (lib/route-preload.ts), so Vite's own list of each route's
 * chunks, which the entry carried for every route, is left out (`routeChunkFiles`, build.modulePreload).
 */
const routeChunkFiles = new Set<string>();

function preloadRouteChunks(): Plugin {
  return {
    name: 'punter:preload-route-chunks',
    apply: 'build',
    // Before Vite writes each dynamic import's list of chunks to preload (its generateBundle): which files are routes.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        routeChunkFiles.clear();
        const routes = new Set(Object.values(routeModules()).map((src) => resolve(webDir, src)));
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.facadeModuleId && routes.has(chunk.facadeModuleId))
            routeChunkFiles.add(chunk.fileName);
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: string[]) => {
          const seen = new Set<string>();
          const visit = (file: string) => {
            if (seen.has(file)) return;
            seen.add(file);
            for (const i of byFile.get(file)?.imports ?? []) visit(i);
          };
          start.forEach(visit);
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        const loaded = closure([entry.fileName]);
        const map: Record<string, string[]> = {};
        for (const [route, src] of Object.entries(routeModules())) {
          const chunk = chunks.find((c) => c.facadeModuleId === resolve(webDir, src));
          // A route whose module is not a lazy chunk of the router: the two lists disagree, so say so.
          if (!chunk) throw new Error(`${src} (route ${route}) is not a lazy chunk of the router`);
          map[route] = [...closure([chunk.fileName])].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
        }
        if (map['/dashboard']) map['/'] = map['/dashboard'];
        // Exact paths first; a route with parameters ('/referral/:referralCode') matches any value.
        // Before the stylesheet and the entry: an inline script after a stylesheet waits for it to download
        // (a parser-blocking script waits for pending stylesheets), and the route's chunks would wait with it.
        const json = JSON.stringify(map).replace(/</g, '\\u003c');
        const tags = `<script type="application/json" id="${ROUTE_CHUNKS_ID}">${json}</script>\n    <script>${ROUTE_PRELOAD_SCRIPT}</script>\n    `;
        const at = html.search(/<script type="module"|<link rel="stylesheet"/);
        if (at < 0) throw new Error('index.html has no entry script or stylesheet to put the route preloads before');
        return html.slice(0, at) + tags + html.slice(at);
      },
    },
  };
}

/**
 * `vite preview` sends Hosting's headers path by path, as firebase.json states them (the security headers
 * with documents and the worker, the immutable cache with /assets/), with the local stack's origins in the
 * CSP. Vite's own `preview.headers` would put every header on every file.
 */
function hostingHeadersInPreview(): Plugin {
  return {
    name: 'punter:hosting-headers-in-preview',
    configurePreviewServer(server) {
      const rules = localPreviewRules();
      server.middlewares.use((req, res, next) => {
        let path = '/';
        try {
          path = new URL(req.url ?? '/', 'http://preview').pathname;
        } catch {
          // A request line that is no URL gets a document's headers (the strictest set).
        }
        for (const [name, value] of Object.entries(hostingHeaders(path, rules))) res.setHeader(name, value);
        next();
      });
    },
  };
}

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

// The manifest feeds the first-load size benchmark (web/bench/).
export default defineConfig({
  plugins: [
    react(),
    stubSdksUnusedByReactfire(),
    checkSdkChunks(),
    preloadRouteChunks(),
    prerenderLogin(alias),
    serviceWorker(),
    hostingHeadersInPreview(),
  ],
  resolve: { alias },
  build: {
    manifest: true,
    target: 'es2022',
    // Every browser with es2022 modules but Safari before 17 knows modulepreload; there preloads are only skipped.
    // A route's JS chunks are preloaded from index.html's map (lib/route-preload.ts), not from a list in the entry;
    // its CSS stays with Vite, which loads it before the route's module runs.
    modulePreload: { polyfill: false, resolveDependencies: (file, deps) => (routeChunkFiles.has(file) ? [] : deps) },
    sourcemap: false,
    // The SDKs in chunks of their own, which a deploy of the app's code does not rename (ADR 0033).
    rolldownOptions: { output: { codeSplitting: { groups: [...SDK_CHUNK_GROUPS, REACT_CHUNK_GROUP, ...APP_CHUNK_GROUPS] } } },
  },
  server: { host: '127.0.0.1' },
  // The dev server's dependency scan starts from these. The service worker (src/sw/sw.ts, served as a module at
  // /dev-sw.js) is no import of index.html's: left out, its Workbox modules were found only once the worker loaded,
  // and Vite re-bundled the dependencies and reloaded every open page, which aborted a navigation under way.
  optimizeDeps: { entries: ['index.html', 'src/sw/sw.ts'] },
  // Hosting answers without `Vary: Origin`; the preview's CORS layer added it to every file, so the HTTP
  // cache revalidated each hashed file the worker precaches (the page's module scripts are sent with Origin,
  // its fetches are not): a round trip per file that production does not make. Nothing cross-origin reads
  // the preview.
  preview: { cors: false },
});
