import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
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

/**
 * Every zod schema the browser builds carries its JSON Schema conversion (zod's json-schema-processors
 * and to-json-schema, about 5 KB gzip); the web app only parses. In the production build the classic
 * schemas get a stand-in where each processor throws if it is ever called (toJSONSchema() would say so)
 * and `aggregateChecks`, which the schemas' minLength/maxValue/format getters use, stays zod's own.
 * Vitest and the dev server keep zod whole.
 */
const ZOD_STUB_PREFIX = '\0punter-zod-json-schema:';
const ZOD_JSON_SCHEMA = new Set(['../core/json-schema-processors.js', '../core/to-json-schema.js']);
export function stubZodJsonSchema(): Plugin {
  return {
    name: 'punter:stub-zod-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!ZOD_JSON_SCHEMA.has(source) || !importer?.endsWith('/node_modules/zod/v4/classic/schemas.js')) return null;
      return `${ZOD_STUB_PREFIX}${resolve(dirname(importer), source)}`;
    },
    load(id) {
      if (!id.startsWith(ZOD_STUB_PREFIX)) return null;
      const real = id.slice(ZOD_STUB_PREFIX.length);
      const names = [...readFileSync(real, 'utf8').matchAll(/^export (?:function|const) (\w+)/gm)].map((m) => m[1] ?? '');
      const body = `const unused = () => { throw new Error('JSON Schema conversion is not part of this app'); };\n`;
      const kept = new Set(['aggregateChecks']);
      return (
        body +
        names
          .map((name) => {
            if (kept.has(name)) return `export { ${name} } from ${JSON.stringify(real)};`;
            // to-json-schema's create*Method return the method: creating it is harmless, calling it throws.
            if (name.startsWith('create')) return `export const ${name} = () => unused;`;
            return `export const ${name} = unused;`;
          })
          .join('\n')
      );
    },
  };
}
