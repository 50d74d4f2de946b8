import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { APP_ENTRY_ID, SNAPSHOT_SCRIPT } from './security-headers.ts';
import { SNAPSHOT_ID } from './src/lib/screen-snapshot.ts';

/** Plugins of the web build (vite.config.ts) that keep code the first screens do not need out of them. */

/**
 * A documented workaround for reactfire, not a change to any SDK (ADR 0037): reactfire imports the Realtime
 * Database, Storage and Remote Config SDKs for hooks this app never uses (useDatabase*, useStorage*, useRemoteConfig*);
 * each registers itself with Firebase on import, so tree-shaking keeps all three (about 60 KB gzip) in the chunk of
 * every live screen. Upstream: FirebaseExtended/reactfire#489 ("@firebase/database included in the final build while I
 * only use firestore", open) and #488 (reactfire keeps the SDKs from loading lazily). For imports from reactfire only,
 * those three resolve to stubs whose functions throw if anything ever calls them; the app's own imports, and every
 * SDK the app uses (app, auth, firestore, functions), are untouched. Remove this once reactfire no longer imports them.
 */
const UNUSED_BY_APP = new Set(['firebase/database', 'firebase/storage', 'firebase/remote-config']);
const STUB_PREFIX = '\0punter-unused-sdk:';
export function stubSdksUnusedByReactfire(): Plugin {
  return {
    name: 'punter:stub-sdks-unused-by-reactfire',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!UNUSED_BY_APP.has(source) || !importer?.includes('/node_modules/reactfire/')) return null;
      return `${STUB_PREFIX}${source}`;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const sdk = id.slice(STUB_PREFIX.length);
      const body = `const unused = () => { throw new Error(${JSON.stringify(`${sdk} is not part of this app`)}); };\n`;
      const names: Record<string, string[]> = {
        'firebase/database': ['get', 'off', 'onChildAdded', 'onChildChanged', 'onChildMoved', 'onChildRemoved', 'onValue'],
        'firebase/storage': ['getDownloadURL', 'ref'],
        'firebase/remote-config': ['ensureInitialized', 'getAll', 'getBoolean', 'getNumber', 'getString', 'getValue'],
      };
      return body + (names[sdk] ?? []).map((n) => `export const ${n} = unused;`).join('\n');
    },
  };
}

/** The app's root element in index.html, which the build fills with the prerendered /login. */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The app's root with the prerendered /login in it (ADR 0031, ADR 0052), inert (no focus, no clicks, nothing typed
 * or submitted before the app has taken the form over) until main.tsx has hydrated it; SNAPSHOT_SCRIPT empties it
 * (and lifts inert) anywhere the route preload script did not choose to show it.
 */
export function prerenderedRoot(markup: string): string {
  if (!markup.includes('<form')) throw new Error('the prerendered /login has no form: did LoginPage change?');
  return `<div id="root" inert>${markup}</div>`;
}

/**
 * Where the last visit's dashboard goes (ADR 0032): an empty inert element before the app's root. SNAPSHOT_SCRIPT
 * comes right after the root (it reads both), fills and shows the copy before the first paint (on /dashboard, when
 * there is one), and empties the root where the prerendered /login is not shown.
 */
export const SNAPSHOT_ELEMENT = `<div id="${SNAPSHOT_ID}" class="snapshot" inert aria-hidden="true"></div>`;
export const SNAPSHOT_SCRIPT_ELEMENT = `<script>${SNAPSHOT_SCRIPT}</script>`;

/** The entry's module script as Vite writes it into the built index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;

/**
 * The entry's module script made a modulepreload link (APP_ENTRY_ID): fetched as early as before, run when
 * SNAPSHOT_SCRIPT adds its script, after the first paint when index.html paints a screen (security-headers.ts).
 */
export function entryAsPreload(html: string): string {
  const scripts = [...html.matchAll(ENTRY_SCRIPT)];
  if (scripts.length !== 1) throw new Error(`index.html has ${scripts.length} entry module scripts, not 1`);
  return html.replace(
    ENTRY_SCRIPT,
    (_script, src: string) => `<link rel="modulepreload" crossorigin href="${src}" id="${APP_ENTRY_ID}">`,
  );
}

/**
 * index.html with the snapshot's slot, the root holding the prerendered /login, then the snapshot script, which
 * starts the app (the entry left as a link to it, entryAsPreload).
 */
export function withPrerendered(html: string, markup: string): string {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to put the prerendered /login in`);
  return entryAsPreload(html).replace(
    ROOT_ELEMENT,
    `${SNAPSHOT_ELEMENT}\n    ${prerenderedRoot(markup)}\n    ${SNAPSHOT_SCRIPT_ELEMENT}`,
  );
}

/**
 * Renders /login to HTML at build time (src/prerender/login-shell.tsx, ADR 0031, ADR 0052): a server build of that
 * module into one CommonJS file (everything bundled, so one React instance renders it), loaded with
 * require from a temporary folder (the config's module runner, which loaded this file, cannot import it).
 */
export async function renderLoginShell(root: string, mode: string, alias: Record<string, string>): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    mode,
    logLevel: 'warn',
    resolve: { alias },
    ssr: { noExternal: true },
    build: {
      ssr: resolve(root, 'src/prerender/login-shell.tsx'),
      write: false,
      minify: false,
      target: 'node20',
      rollupOptions: {
        output: { format: 'cjs', inlineDynamicImports: true, entryFileNames: 'login-shell.cjs' },
        // Client components' 'use client' means nothing in this one-off server bundle.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  const entry = outputs.find((o) => o.type === 'chunk' && o.isEntry);
  if (!entry || entry.type !== 'chunk') throw new Error('the prerender build produced no entry');
  const dir = mkdtempSync(join(tmpdir(), 'punter-prerender-'));
  try {
    const file = join(dir, entry.fileName);
    writeFileSync(file, entry.code);
    const module = createRequire(import.meta.url)(file) as { loginShellHtml?: () => Promise<string> };
    if (typeof module.loginShellHtml !== 'function') throw new Error('src/prerender/login-shell.tsx exports no loginShellHtml');
    return await module.loginShellHtml();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The build's index.html carries the prerendered /login (ADR 0031) and the snapshot's slot (ADR 0032); the dev server's does not. */
export function prerenderLogin(alias: Record<string, string>): Plugin {
  let root = process.cwd();
  let mode = 'production';
  return {
    name: 'punter:prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        return withPrerendered(html, await renderLoginShell(root, mode, alias));
      },
    },
  };
}
