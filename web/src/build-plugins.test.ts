import type { Plugin } from 'vite';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  entryAsPreload,
  prerenderedRoot,
  SNAPSHOT_ELEMENT,
  SNAPSHOT_SCRIPT_ELEMENT,
  stubSdksUnusedByReactfire,
  withPrerendered,
} from '../build-plugins';
import { APP_ENTRY_ID, ROUTE_PRELOAD_SCRIPT, SNAPSHOT_SCRIPT } from '../security-headers';
import { PRERENDERED_SHOWN_CLASS } from '@/lib/prerendered';
import { PROFILE_KEY } from '@/lib/session';

const stubs = stubSdksUnusedByReactfire();
let plugin: Plugin = stubs;
const FIRESTORE = '/repo/node_modules/@firebase/firestore/dist/common-X.esm.js';
const REACTFIRE = '/repo/node_modules/reactfire/dist/index.js';
const APP = '/repo/web/src/lib/firestore.ts';

/** The hook's function: the plugin's hooks use no plugin context, so they are called without one. */
function hook<K extends 'resolveId' | 'load'>(name: K): (...args: unknown[]) => unknown {
  const h: Plugin[K] = plugin[name];
  if (!h) throw new Error(`no ${name} hook`);
  const fn: unknown = typeof h === 'function' ? h : h.handler;
  if (typeof fn !== 'function') throw new Error(`no ${name} handler`);
  return (...args: unknown[]): unknown => Reflect.apply(fn, {}, args) as unknown;
}

const resolve = (source: string, importer: string) => hook('resolveId')(source, importer, {});
const load = (id: string) => hook('load')(id);

async function stubModule(id: string): Promise<Record<string, unknown>> {
  const code = load(id);
  if (typeof code !== 'string') throw new Error(`no stub for ${id}`);
  return (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Record<string, unknown>;
}

describe('the stubs of the SDKs reactfire imports and the app never uses (reactfire#489, ADR 0037)', () => {
  beforeEach(() => {
    plugin = stubs;
  });

  it('only for imports from reactfire; the app keeps the real modules', () => {
    expect(resolve('firebase/database', APP)).toBeNull();
    expect(resolve('firebase/database', REACTFIRE)).toEqual(expect.stringContaining('firebase/database'));
  });

  it('never for an SDK the app uses, nor for anything Firestore imports', () => {
    for (const sdk of ['firebase/app', 'firebase/auth', 'firebase/firestore', 'firebase/functions']) {
      expect(resolve(sdk, REACTFIRE)).toBeNull();
    }
    expect(resolve('re2js', FIRESTORE)).toBeNull();
  });

  it("reactfire's unused SDKs keep the names reactfire imports, each throwing if called", async () => {
    const database = await stubModule(String(resolve('firebase/database', REACTFIRE)));
    expect(Object.keys(database)).toContain('onValue');
    expect(() => (database.onValue as () => void)()).toThrow('firebase/database is not part of this app');
    const storage = await stubModule(String(resolve('firebase/storage', REACTFIRE)));
    expect(() => (storage.ref as () => void)()).toThrow('firebase/storage is not part of this app');
  });
});

describe('the prerendered /login (ADR 0031, ADR 0052)', () => {
  it('goes into the app root as it is, the root inert, between the snapshot slot and the snapshot script', () => {
    const markup =
      '<!--$--><section aria-labelledby="_R_1_"><h1 id="_R_1_">Welcome back</h1><form><input type="email" name="email"/><button type="submit">Login</button></form></section><!--/$-->';
    const head = '<head><script type="module" crossorigin src="/assets/index-A.js"></script></head>';
    const html = withPrerendered(`${head}<body>\n    <div id="root"></div>\n  </body>`, markup);
    expect(html).toBe(
      `${entryAsPreload(head)}<body>\n    ${SNAPSHOT_ELEMENT}\n    <div id="root" inert>${markup}</div>\n    ${SNAPSHOT_SCRIPT_ELEMENT}\n  </body>`,
    );
    expect(() => withPrerendered(`${head}<body></body>`, '<form></form>')).toThrow('no <div id="root"></div>');
    expect(() => prerenderedRoot('<p>no form</p>')).toThrow('has no form');
  });

  it('leaves the entry a modulepreload link that the snapshot script runs: one entry script, or the build fails', () => {
    const entry = '<script type="module" crossorigin src="/assets/index-A.js"></script>';
    expect(entryAsPreload(`<head>${entry}</head>`)).toBe(
      `<head><link rel="modulepreload" crossorigin href="/assets/index-A.js" id="${APP_ENTRY_ID}"></head>`,
    );
    expect(() => entryAsPreload('<head></head>')).toThrow('0 entry module scripts, not 1');
    expect(() => entryAsPreload(`<head>${entry}${entry}</head>`)).toThrow('2 entry module scripts, not 1');
    expect(SNAPSHOT_SCRIPT).toContain(`document.getElementById('${APP_ENTRY_ID}')`);
  });

  it('is emptied, and the root made live, by the snapshot script wherever the preload script did not show it', () => {
    expect(SNAPSHOT_SCRIPT).toContain(
      `if(r&&!document.documentElement.classList.contains('${PRERENDERED_SHOWN_CLASS}')){r.textContent='';r.removeAttribute('inert')}`,
    );
  });

  it('is shown by the route preload script on /login only, and only to a visitor without a stored profile', () => {
    expect(ROUTE_PRELOAD_SCRIPT).toContain(`p==='/login'&&!localStorage.getItem('${PROFILE_KEY}')`);
    expect(ROUTE_PRELOAD_SCRIPT).toContain(`classList.add('${PRERENDERED_SHOWN_CLASS}')`);
  });
});
