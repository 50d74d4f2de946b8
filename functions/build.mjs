// Bundles the callables (with core/ and the reference provider) into lib/index.js, an ES module the
// Functions runtime and emulator load. firebase-functions, firebase-admin and @google-cloud/* stay
// external (they are the package's dependencies).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const started = Date.now();
await build({
  entryPoints: [`${here}src/index.ts`],
  outfile: `${here}lib/index.js`,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*', '@google-cloud/*'],
  banner: {
    js: "import { createRequire as __punterCreateRequire } from 'node:module'; const require = __punterCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`functions built to lib/index.js in ${Date.now() - started} ms`);
