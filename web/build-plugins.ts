import type { Plugin } from 'vite';

/** Plugins of the web build (vite.config.ts) that keep code the first screens do not need out of them. */

/**
 * reactfire imports the Realtime Database, Storage and Remote Config SDKs for hooks this app never
 * uses; each registers itself on import, so tree-shaking keeps all three (about 60 KB gzip) in the
 * chunk of every live screen. For imports from reactfire only, they resolve to stubs whose functions
 * throw if anything ever calls them. The app's own imports of these SDKs (none today) are untouched.
 * Likewise Firestore imports re2js (a regular-expression engine, about 35 KB gzip) only to evaluate
 * the LIKE and regex expressions of Firestore Pipelines, which this app does not use: there a stub
 * whose compile() throws, which Firestore's evaluator catches and reports as an evaluation error.
 */
const UNUSED_BY_APP = new Set(['firebase/database', 'firebase/storage', 'firebase/remote-config']);
const STUB_PREFIX = '\0punter-unused-sdk:';
export function stubSdksUnusedByReactfire(): Plugin {
  return {
    name: 'punter:stub-sdks-unused-by-reactfire',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 're2js' && importer?.includes('/node_modules/@firebase/firestore/')) return `${STUB_PREFIX}${source}`;
      if (!UNUSED_BY_APP.has(source) || !importer?.includes('/node_modules/reactfire/')) return null;
      return `${STUB_PREFIX}${source}`;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const sdk = id.slice(STUB_PREFIX.length);
      const body = `const unused = () => { throw new Error(${JSON.stringify(`${sdk} is not part of this app`)}); };\n`;
      if (sdk === 're2js') return `${body}export const RE2JS = { compile: unused };`;
      const names: Record<string, string[]> = {
        'firebase/database': ['get', 'off', 'onChildAdded', 'onChildChanged', 'onChildMoved', 'onChildRemoved', 'onValue'],
        'firebase/storage': ['getDownloadURL', 'ref'],
        'firebase/remote-config': ['ensureInitialized', 'getAll', 'getBoolean', 'getNumber', 'getString', 'getValue'],
      };
      return body + (names[sdk] ?? []).map((n) => `export const ${n} = unused;`).join('\n');
    },
  };
}
