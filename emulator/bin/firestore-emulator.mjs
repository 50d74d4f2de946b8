#!/usr/bin/env node
// The package bin: runs the esbuild bundle (dist/cli.js) so that startup stays well under a second.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write(
    'firestore-emulator: the emulator is not built (emulator/dist/cli.js is missing).\n' +
      'Run `npm run build -w emulator` from the repository root first.\n',
  );
  process.exit(1);
}
await import(pathToFileURL(cli).href);
