#!/usr/bin/env node
// npm run typecheck: every workspace's TypeScript (and security/), two at a time. Each check is an
// incremental `tsc --noEmit` (its *.tsbuildinfo), so a warm run mostly costs tsc's start-up, which
// two cores can overlap. Prints each project's errors and fails if any project has one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const projects = ['core', 'emulator', 'provider', 'functions', 'web', 'e2e', 'security'].filter((p) =>
  existsSync(join(root, p, 'tsconfig.json')),
);
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (c) => output.push(c));
    child.stderr.on('data', (c) => output.push(c));
    child.on('close', (status) => {
      if (status !== 0) process.stdout.write(`--- ${project}\n${Buffer.concat(output).toString()}`);
      done(status === 0);
    });
  });
}

const queue = [...projects];
const results = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let p = queue.shift(); p !== undefined; p = queue.shift()) results.push(await check(p));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
