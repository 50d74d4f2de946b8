/**
 * The service worker on Workbox through vite-plugin-pwa (ADR 0038): `injectManifest` builds web/src/sw/sw.ts,
 * Workbox's modules bundled in, into /sw.js (the URL installed users' workers update from) as one classic
 * script, and puts the build's precache list into it. The web manifest is our static file
 * (public/manifest.webmanifest) and the page registers the worker itself (lib/service-worker.ts, workbox-window).
 * In the dev server the worker is served by the plugin as a module at /dev-sw.js?dev-sw, with nothing precached.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { hostingHeaderRules } from './security-headers.ts';

/** The parts of Vite's build manifest (`build.manifest`, dist/.vite/manifest.json) read here. */
type ViteManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/**
 * The app shell of a build: index.html and the entry chunk with its static imports and their CSS, what every
 * screen needs before it can open a route. Route chunks and the SDK chunks are cached on use (sw/routes.ts):
 * precaching every file would cost a first visit the whole app's code.
 */
export function shellFiles(manifest: ViteManifest): Set<string> {
  const shell = new Set(['index.html']);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || shell.has(chunk.file)) return;
    shell.add(chunk.file);
    chunk.css?.forEach((css) => shell.add(css));
    chunk.imports?.forEach(visit);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  if (shell.size === 1) throw new Error('the build manifest has no entry chunk to precache');
  return shell;
}

interface Entry {
  url: string;
  revision: string | null;
  size: number;
}

/**
 * Workbox's precache list cut to the shell. index.html's revision (Workbox's hash of its content) also takes
 * in `served`, the headers Hosting sends it with (firebase.json, the CSP among them): the cached shell answers
 * with the headers it was fetched with, so a change of them is a new worker too (ADR 0030).
 */
export function shellOnly(entries: Entry[], shell: Set<string>, served: string): Entry[] {
  const kept = entries.filter((entry) => shell.has(entry.url));
  const missing = [...shell].filter((file) => !kept.some((entry) => entry.url === file));
  if (missing.length > 0) throw new Error(`the precache list lacks shell files: ${missing.join(', ')}`);
  return kept.map((entry) =>
    entry.url === 'index.html'
      ? {
          ...entry,
          revision: createHash('sha256')
            .update(`${entry.revision ?? ''}\n${served}`)
            .digest('hex')
            .slice(0, 32),
        }
      : entry,
  );
}

/** The build's own output folder (`build.outDir`, which the bench changes), known once Vite has resolved the config. */
let outDir = fileURLToPath(new URL('./dist', import.meta.url));

export function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      // A classic script (ADR 0014): every browser with service workers runs it.
      rollupFormat: 'iife',
      globPatterns: ['index.html', 'assets/*.{js,css}'],
      manifestTransforms: [
        (entries) => {
          const shell = shellFiles(JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest);
          const served = JSON.stringify(hostingHeaderRules().map((r) => [r.pattern.source, r.headers]));
          return { manifest: shellOnly(entries, shell, served) };
        },
      ],
    },
    devOptions: { enabled: true, type: 'module' },
  }).concat({
    // lib/service-worker.ts registers the dev server's worker under its URL, as a module.
    name: 'punter:dev-service-worker',
    config: (_config, { command }) => ({ define: { 'import.meta.env.PUNTER_DEV_SERVER': JSON.stringify(command === 'serve') } }),
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
  });
}
