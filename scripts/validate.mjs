#!/usr/bin/env node
// npm run validate: lint and typecheck side by side (both cached: ESLint's content cache and
// incremental tsc), then the tests, and the time of each step.
//   node scripts/validate.mjs          every test, as CI runs them (npm test)
//   node scripts/validate.mjs --quick  the loop while coding: no browser suites, and only the tests
//                                      the uncommitted changes can affect (scripts/test.mjs --quick --changed)
import { resolve } from 'node:path';
import { runOnSupportedNode } from './node-version.mjs';
import { runCommand } from './run.mjs';

runOnSupportedNode();
const root = resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');

/** Runs one check; its output is shown only when it fails. */
async function step(name, command, args) {
  const started = Date.now();
  const { status, output } = await runCommand(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
  const seconds = (Date.now() - started) / 1000;
  if (status !== 0) process.stdout.write(`\n=== ${name} (failed) ===\n${output}`);
  console.log(`--- ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)}s`);
  return { name, status, seconds };
}

const started = Date.now();
const checks = await Promise.all([
  step('lint', 'npm', ['run', 'lint', '--silent']),
  step('typecheck', 'npm', ['run', 'typecheck', '--silent']),
]);
const tests = await runCommand(process.execPath, ['scripts/test.mjs', ...(quick ? ['--quick', '--changed'] : [])], {
  cwd: root,
  buffered: false,
});
const failed = [...checks, tests].some((r) => r.status !== 0);
console.log(
  `\nvalidate${quick ? ' --quick' : ''}: ${failed ? 'FAILED' : 'ok'} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
);
process.exit(failed ? 1 : 0);
