#!/usr/bin/env node
// npm run validate: lint and typecheck side by side (both cached: ESLint's content cache and
// incremental tsc), then the tests, and the time of each step.
//   node scripts/validate.mjs          every test, as CI runs them (npm test)
//   node scripts/validate.mjs --quick  the loop while coding: no browser suites, and only the tests
//                                      the uncommitted changes can affect (scripts/test.mjs --quick --changed)
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { runOnSupportedNode } from './node-version.mjs';

runOnSupportedNode();
const root = resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');

/** Runs a command; resolves with its exit status and seconds. Output is shown only when it fails. */
function step(name, command, args) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const output = [];
    child.stdout.on('data', (c) => output.push(c));
    child.stderr.on('data', (c) => output.push(c));
    child.on('close', (status) => {
      const seconds = (Date.now() - started) / 1000;
      if (status !== 0) process.stdout.write(`\n=== ${name} (failed) ===\n${Buffer.concat(output).toString()}`);
      console.log(`--- ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)}s`);
      done({ name, status, seconds });
    });
  });
}

const started = Date.now();
const checks = await Promise.all([
  step('lint', 'npm', ['run', 'lint', '--silent']),
  step('typecheck', 'npm', ['run', 'typecheck', '--silent']),
]);
const tests = await new Promise((done) => {
  const child = spawn(process.execPath, ['scripts/test.mjs', ...(quick ? ['--quick', '--changed'] : [])], {
    cwd: root,
    stdio: 'inherit',
  });
  child.on('close', (status) => done({ status }));
});
const failed = [...checks, tests].some((r) => r.status !== 0);
console.log(
  `\nvalidate${quick ? ' --quick' : ''}: ${failed ? 'FAILED' : 'ok'} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
);
process.exit(failed ? 1 : 0);
