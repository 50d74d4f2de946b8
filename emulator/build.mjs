// Bundles the CLI (and start()) into dist/ with esbuild so the emulator starts in well under a second.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
await build({
  entryPoints: { cli: join(here, 'src/cli.ts'), index: join(here, 'src/index.ts') },
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  // grpc-js and friends are CommonJS: give the ESM bundle a require().
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // The descriptor is read at run time from @google-cloud/firestore (resolved, never bundled).
  external: ['@google-cloud/firestore'],
});
