// The Node the project runs and is tested on: 22, as Cloud Functions' nodejs22 runtime that runs the
// functions in production. `npm start` and `npm test` stop on any other Node with the way to get it,
// rather than run the Functions emulator and every suite on a runtime production never uses.
// Kept in step with .nvmrc, package.json engines, functions/package.json engines, firebase.json and
// scripts/ensure-node.sh (scripts/test/node-version.test.mjs checks that they agree).

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

/** Stops this process with nodeVersionProblem's message unless it runs on a Node the project supports. */
export function exitUnlessSupportedNode() {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem === null) return;
  console.error(problem);
  process.exit(1);
}
