// The Node the project runs and is tested on: 22, as Cloud Functions' nodejs22 runtime that runs the
// functions in production. `npm start` and `npm test` never run the Functions emulator or a suite on
// a runtime production does not use: on another Node they switch to Node 22 by themselves (Linux
// x64: scripts/ensure-node.sh installs the pinned build into .node/ once), else stop with the way
// to get it. So the README's two commands keep working on a machine that has only Node 20.
// Kept in step with .nvmrc, package.json engines, functions/package.json engines, firebase.json and
// scripts/ensure-node.sh (scripts/test/node-version.test.mjs checks that they agree).

import { spawnSync } from 'node:child_process';
import { delimiter, join, resolve } from 'node:path';

export const NODE_MAJOR = 22;
/** The oldest 22.x every dependency accepts (some ask for ^22.13.0). */
export const NODE_MIN_MINOR = 13;

/** null when `version` ('22.23.3', as process.versions.node) is one the project runs on; else what to do. */
export function nodeVersionProblem(version) {
  const match = /^v?(\d+)\.(\d+)\.\d+/.exec(String(version));
  if (match && Number(match[1]) === NODE_MAJOR && Number(match[2]) >= NODE_MIN_MINOR) return null;
  return [
    `This project runs on Node ${NODE_MAJOR} (${NODE_MAJOR}.${NODE_MIN_MINOR} or newer), as the Cloud Functions nodejs${NODE_MAJOR} runtime does; this is Node ${String(version)}.`,
    `  Linux x64: source scripts/ensure-node.sh   (installs the pinned Node ${NODE_MAJOR} into .node/ and puts it first on PATH)`,
    `  elsewhere: nvm install, or fnm use --install-if-missing   (both read .nvmrc)`,
  ].join('\n');
}

/**
 * Returns when this process runs on a Node the project supports. Otherwise, on Linux x64, installs
 * the pinned Node 22 into .node/ (scripts/ensure-node.sh), runs this same script again on it with
 * .node/bin first on PATH (so npx, vitest and firebase-tools run on it too) and exits with its code;
 * elsewhere it stops with nodeVersionProblem's message.
 */
export function runOnSupportedNode() {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem === null) return;
  if (process.platform !== 'linux' || process.arch !== 'x64' || process.env.PUNTER_NODE_SWITCHED) {
    console.error(problem);
    process.exit(1);
  }
  const root = resolve(import.meta.dirname, '..');
  console.log(
    `Node ${process.versions.node} here; this project runs on Node ${NODE_MAJOR}: switching to the pinned one in .node/.`,
  );
  const install = spawnSync('bash', [join(root, 'scripts', 'ensure-node.sh')], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (install.status !== 0) {
    console.error(problem);
    process.exit(1);
  }
  const bin = join(root, '.node', 'bin');
  const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`, PUNTER_NODE_SWITCHED: '1' };
  const run = spawnSync(join(bin, 'node'), [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  process.exit(run.status ?? 1);
}
