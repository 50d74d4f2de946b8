#!/usr/bin/env node
// Runs the scripts' own tests (node:test, scripts/test/*.test.mjs), then every workspace's Vitest
// suite in dependency order (unit, emulator conformance, rules, provider and functions integration,
// browser end-to-end), one after another so they do not fight over the two cores, then prints one
// closing line: "tests: N passed, N failed".
// Any failure, or a suite that collected no test, makes the exit code non-zero.
// Usage: node scripts/test.mjs [scripts | workspace ...]
// Environment: CI set (to anything) turns colours off in the test output.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runOnSupportedNode } from './node-version.mjs';

runOnSupportedNode();
const root = resolve(import.meta.dirname, '..');
const order = ['scripts', 'core', 'emulator', 'security', 'provider', 'functions', 'web', 'e2e'];
const wanted = process.argv.slice(2);
const workspaces = (wanted.length > 0 ? wanted : order).filter(
  (ws) => ws === 'scripts' || existsSync(join(root, ws, 'vitest.config.ts')),
);
const outDir = join(root, 'artifacts', 'test-results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
/** The scripts' tests with node's runner (tsx for the TypeScript they import); counts from its TAP summary. */
function runScriptTests(outputFile) {
  const dir = join(root, 'scripts', 'test');
  const files = readdirSync(dir).filter((f) => f.endsWith('.test.mjs')).map((f) => join(dir, f));
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${outputFile}`, ...files],
    { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } },
  );
  const tap = existsSync(outputFile) ? readFileSync(outputFile, 'utf8') : '';
  const count = (what) => Number(new RegExp(`^# ${what} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
  const counts = {
    numPassedTests: count('pass'),
    numFailedTests: count('fail') + count('cancelled'),
    numPendingTests: count('skipped'),
    numTodoTests: count('todo'),
    numTotalTests: count('tests'),
  };
  return { run, counts };
}

for (const ws of workspaces) {
  const started = Date.now();
  console.log(`\n=== ${ws} ===`);
  if (ws === 'scripts') {
    const { run, counts } = runScriptTests(join(outDir, 'scripts.tap'));
    passed += counts.numPassedTests;
    failed += counts.numFailedTests;
    skipped += counts.numPendingTests + counts.numTodoTests;
    console.log(`--- ${ws}: ${counts.numPassedTests} passed, ${counts.numFailedTests} failed in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    if (run.status !== 0) problems.push(`${ws} exited with ${run.status ?? run.signal}`);
    if (counts.numTotalTests === 0) problems.push(`${ws} ran no test`);
    continue;
  }
  const pkg = JSON.parse(readFileSync(join(root, ws, 'package.json'), 'utf8'));
  const extra = pkg.name === '@punter/core' ? ['--coverage'] : [];
  const outputFile = join(outDir, `${ws}.json`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`],
    { cwd: join(root, ws), stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } },
  );
  let counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, numTotalTests: 0 };
  if (existsSync(outputFile)) counts = JSON.parse(readFileSync(outputFile, 'utf8'));
  passed += counts.numPassedTests;
  failed += counts.numFailedTests;
  skipped += counts.numPendingTests + counts.numTodoTests;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`--- ${ws}: ${counts.numPassedTests} passed, ${counts.numFailedTests} failed in ${seconds}s`);
  if (run.status !== 0) problems.push(`${ws} exited with ${run.status ?? run.signal}`);
  if (counts.numTotalTests === 0) problems.push(`${ws} ran no test`);
}

if (problems.length > 0) console.log(`\nProblems: ${problems.join('; ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(problems.length > 0 || failed > 0 ? 1 : 0);
