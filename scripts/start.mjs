#!/usr/bin/env node
// `npm start`: the whole local stack on the fixed ports of scripts/stack.mjs, data kept in
// .emulator-data/ across restarts. Prints the URLs and the demo accounts (scripts/summary.mjs: one
// `Web app: URL` line, one `Provider API: URL` line), runs until Ctrl+C.
// Options: --fresh (forget saved data), --preview (serve the production build), --quiet.
// FIRESTORE_EMULATOR_ARGS adds flags to the Firestore emulator's command line (startStack), e.g.
// `FIRESTORE_EMULATOR_ARGS=--production-limits npm start` runs the app against production's write limits.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { runOnSupportedNode } from './node-version.mjs';
import { root, startStack } from './stack.mjs';
import { stackSummary } from './summary.mjs';

runOnSupportedNode();

const args = new Set(process.argv.slice(2));
const dataDir = join(root, '.emulator-data');
if (args.has('--fresh')) rmSync(dataDir, { recursive: true, force: true });

let stack;
try {
  stack = await startStack({
    web: args.has('--preview') ? 'preview' : 'dev',
    quiet: args.has('--quiet'),
    dataDir,
  });
} catch (error) {
  console.error(`\nThe stack did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

console.log(stackSummary(stack).join('\n'));
if (process.env.FIRESTORE_EMULATOR_ARGS?.trim()) {
  console.log(`Firestore emulator flags from FIRESTORE_EMULATOR_ARGS: ${process.env.FIRESTORE_EMULATOR_ARGS.trim()}`);
}

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
