#!/usr/bin/env node
// Runs the scripts' own tests (node:test, scripts/test/*.test.mjs), then every workspace's Vitest
// suite in dependency order (unit, emulator conformance, rules, provider and functions integration,
// browser end-to-end), then prints one closing line: "tests: N passed, N failed".
// By default (ADR 0056) the browser suite runs beside the others from the start: its output streams, each other
// suite's is printed as one block when it ends, and the emulator and functions bundles are built once before
// (PUNTER_STACK_PREBUILT), so no stack rebuilds them under another one. PUNTER_TEST_LANES=0 runs every suite one
// after another, e2e last.
// Any failure, or a suite that collected no test, makes the exit code non-zero.
// Usage: node scripts/test.mjs [--quick] [--changed] [scripts | workspace ...]
//   --quick    no browser or whole-stack suites (e2e, the emulator's browser-SDK files, the functions'
//              stack test), two suites at a time with
//              their output shown only on failure, no coverage.
//   --changed  only the tests that the uncommitted changes can affect (Vitest's --changed follows each
//              test's imports, across workspaces); a suite with none passes. With --quick it is the loop
//              while coding (npm run validate:quick); npm test and CI always run everything.
// Environment: CI set (to anything) turns colours off in the test output; PUNTER_TEST_LANES=0 runs the suites one
// after another instead of e2e beside the others (ADR 0056, the lanes the default again since its fourth amendment).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runOnSupportedNode } from './node-version.mjs';
import { inLanes, runCommand } from './run.mjs';
import { buildStack } from './stack.mjs';

runOnSupportedNode();
const root = resolve(import.meta.dirname, '..');
const order = ['scripts', 'core', 'emulator', 'security', 'provider', 'functions', 'web', 'e2e'];
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const changed = args.includes('--changed');
const wanted = args.filter((a) => a !== '--quick' && a !== '--changed');
const BROWSER_SUITES = new Set(['e2e']);
const workspaces = (wanted.length > 0 ? wanted : order).filter(
  (ws) =>
    (ws === 'scripts' ? !changed || scriptsChanged() : existsSync(join(root, ws, 'vitest.config.ts'))) &&
    !(quick && BROWSER_SUITES.has(ws)),
);

/** True when git sees uncommitted changes under scripts/ (the node:test suite has no import graph to follow). */
function scriptsChanged() {
  const status = spawnSync('git', ['status', '--porcelain', '--', 'scripts'], { cwd: root, encoding: 'utf8' });
  return status.status !== 0 || status.stdout.trim() !== '';
}
// Read by emulator/ and functions/vitest.config.ts: leave out the files that drive Chromium or start the stack.
const suiteEnv = {
  ...process.env,
  FORCE_COLOR: process.env.CI || quick ? '0' : '1',
  ...(quick ? { PUNTER_QUICK: '1' } : {}),
};
const outDir = join(root, 'artifacts', 'test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
/**
 * Runs one suite; in quick mode its output is kept and shown only if it fails; with `block`, it is kept and
 * shown whole when the suite ends (a suite running beside e2e, whose output streams).
 */
async function runSuite(ws, { block = false } = {}) {
  const started = Date.now();
  const outputFile = join(outDir, ws === 'scripts' ? 'scripts.tap' : `${ws}.json`);
  let command;
  let commandArgs;
  if (ws === 'scripts') {
    const dir = join(root, 'scripts', 'test');
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.test.mjs'))
      .map((f) => join(dir, f));
    command = process.execPath;
    commandArgs = [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${outputFile}`,
      ...files,
    ];
  } else {
    const pkg = JSON.parse(readFileSync(join(root, ws, 'package.json'), 'utf8'));
    const extra = [
      ...(pkg.name === '@punter/core' && !quick && !changed ? ['--coverage'] : []),
      ...(changed ? ['--changed', '--passWithNoTests'] : []),
    ];
    command = 'npx';
    commandArgs = ['vitest', 'run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`];
  }
  const cwd = ws === 'scripts' ? root : join(root, ws);
  if (!quick && !block) console.log(`\n=== ${ws} ===`);
  const { status, signal, output } = await runCommand(command, commandArgs, { cwd, env: suiteEnv, buffered: quick || block });
  const counts = ws === 'scripts' ? tapCounts(outputFile) : jsonCounts(outputFile);
  passed += counts.numPassedTests;
  failed += counts.numFailedTests;
  skipped += counts.numPendingTests + counts.numTodoTests;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const bad = status !== 0 || (counts.numTotalTests === 0 && !changed);
  if (quick && bad) process.stdout.write(`\n=== ${ws} (failed) ===\n${output}`);
  if (block) process.stdout.write(`\n=== ${ws} ===\n${output}`);
  console.log(`--- ${ws}: ${counts.numPassedTests} passed, ${counts.numFailedTests} failed in ${seconds}s`);
  if (status !== 0) problems.push(`${ws} exited with ${status ?? signal}`);
  if (counts.numTotalTests === 0 && !changed) problems.push(`${ws} ran no test`);
}

function tapCounts(file) {
  const tap = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const count = (what) => Number(new RegExp(`^# ${what} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
  return {
    numPassedTests: count('pass'),
    numFailedTests: count('fail') + count('cancelled'),
    numPendingTests: count('skipped'),
    numTodoTests: count('todo'),
    numTotalTests: count('tests'),
  };
}

function jsonCounts(file) {
  if (!existsSync(file)) return { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, numTotalTests: 0 };
  return JSON.parse(readFileSync(file, 'utf8'));
}

const lanesSetting = process.env.PUNTER_TEST_LANES ?? '1';
if (lanesSetting !== '0' && lanesSetting !== '1') {
  console.error(`PUNTER_TEST_LANES must be 1 (the lanes, the default) or 0 (one suite after another), not "${lanesSetting}"`);
  process.exit(2);
}
const serial = lanesSetting === '0';
const others = workspaces.filter((ws) => !BROWSER_SUITES.has(ws));
if (quick) {
  // Two at a time (most of their time is spent waiting on emulators and timers).
  await inLanes(workspaces, 2, (ws) => runSuite(ws));
} else if (serial || others.length === workspaces.length || others.length === 0) {
  await inLanes(workspaces, 1, (ws) => runSuite(ws));
} else {
  // ADR 0056: e2e in one lane from the start, the other suites one after another in the second.
  const started = Date.now();
  const logDir = join(root, 'artifacts', 'prebuild-logs');
  mkdirSync(logDir, { recursive: true });
  await buildStack({ web: 'none', logDir });
  suiteEnv.PUNTER_STACK_PREBUILT = '1';
  console.log(
    `(emulator and functions bundles built once in ${((Date.now() - started) / 1000).toFixed(1)}s; e2e runs beside ${others.join(', ')})`,
  );
  await Promise.all([
    inLanes(
      workspaces.filter((ws) => BROWSER_SUITES.has(ws)),
      1,
      (ws) => runSuite(ws),
    ),
    inLanes(others, 1, (ws) => runSuite(ws, { block: true })),
  ]);
}

if (problems.length > 0) console.log(`\nProblems: ${problems.join('; ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);
