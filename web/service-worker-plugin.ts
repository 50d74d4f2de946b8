/**
 * Builds web/src/sw/sw.ts into /sw.js (ADR 0014): one classic script with its imports inlined, at
 * the site root so its scope is the whole app, outside the app's own chunks (it never joins a
 * screen's first load). `vite build` emits it beside index.html; the dev server bundles it on request.
 * Offline caching (ADR 0024): the build's app shell and version are put into the worker as
 * `__PUNTER_PRECACHE__`; a new build is a new worker byte for byte, which the browser installs as an update.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath, URL } from 'node:url';
import { build, type Plugin } from 'vite';
import { isSdkChunk } from './sdk-chunks.ts';
import { hostingHeaderRules } from './security-headers.ts';
import type { PrecacheManifest } from './src/sw/precache-manifest.ts';

export const SERVICE_WORKER_FILE = 'sw.js';
const entry = fileURLToPath(new URL('./src/sw/sw.ts', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));

/** What the bundle passes here: Rollup's chunks and assets, only the fields read. */
type BundleFile =
  | {
      type: 'chunk';
      fileName: string;
      name: string;
      isEntry: boolean;
      imports: string[];
      viteMetadata?: { importedCss: Set<string> };
    }
  | { type: 'asset'; fileName: string; source?: string | Uint8Array };

/**
 * The app shell of a build: index.html and the entry chunk with its static imports and their CSS (what
 * every screen needs before it can open a route). Route chunks are cached when used; the SDK chunks, whose
 * names outlive deploys (ADR 0033), are listed to be kept from one version's cache to the next. The version is a
 * hash of every file name of the build (names under assets/ carry content hashes), the content of the
 * files in the bundle whose names do not (index.html), and `served` (the header rules Hosting sends
 * them with): anything a cached shell answers with changes the worker, which the browser then installs as an
 * update (navigations are answered from the cached shell first, ADR 0030).
 */
export function precacheManifest(bundle: Record<string, BundleFile>, served = ''): PrecacheManifest {
  const files = Object.values(bundle);
  const chunks = new Map(files.flatMap((f) => (f.type === 'chunk' ? [[f.fileName, f] as const] : [])));
  const shell = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || shell.has(fileName)) return;
    shell.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) shell.add(css);
    chunk.imports.forEach(visit);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  if (shell.size === 0) throw new Error('the build has no entry chunk to precache');
  const names = files
    .map((f) => f.fileName)
    .filter((name) => name !== SERVICE_WORKER_FILE)
    .sort();
  const hash = createHash('sha256').update(names.join('\n'));
  for (const file of files) {
    if (file.type !== 'asset' || file.fileName.startsWith('assets/') || file.fileName === SERVICE_WORKER_FILE) continue;
    if (file.source === undefined) throw new Error(`${file.fileName} has no content to version the worker with`);
    hash.update(`\n${file.fileName}\n`).update(file.source);
  }
  const version = hash.update(`\n${served}`).digest('hex').slice(0, 12);
  const keep = [...chunks.values()].filter((c) => isSdkChunk(c.name)).map((c) => `/${c.fileName}`);
  return { version, urls: ['/index.html', ...[...shell].sort().map((f) => `/${f}`)], keep: keep.sort() };
}

/** The dev server has no hashed files: an empty list turns offline caching off. */
const DEV_PRECACHE: PrecacheManifest = { version: 'dev', urls: [], keep: [] };

async function bundleServiceWorker(minify: boolean, precache: PrecacheManifest): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    define: { __PUNTER_PRECACHE__: JSON.stringify(precache) },
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
        bundleServiceWorker(false, DEV_PRECACHE).then((code) => {
          res.setHeader('Content-Type', 'text/javascript');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(code);
        }, next);
      });
    },
    // After Vite has written index.html into the bundle: its content is part of the version.
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        if (!bundle['index.html']) throw new Error('index.html is not in the bundle yet: the worker version would miss it');
        const precache = precacheManifest(bundle, JSON.stringify(hostingHeaderRules().map((r) => [r.pattern.source, r.headers])));
        this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: await bundleServiceWorker(true, precache) });
      },
    },
  };
}
