#!/usr/bin/env node
// npm run typecheck: every workspace's TypeScript (and security/, and the web's service worker), two at a time. Each check is an
// incremental `tsc --noEmit` (its *.tsbuildinfo), so a warm run mostly costs tsc's start-up, which
// two cores can overlap. Prints each project's errors and fails if any project has one.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inLanes, runCommand } from './run.mjs';

const root = resolve(import.meta.dirname, '..');
const projects = ['core', 'emulator', 'provider', 'functions', 'web', 'web/src/sw', 'e2e', 'security'].filter((p) =>
  existsSync(join(root, p, 'tsconfig.json')),
);
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

async function check(project) {
  const { status, output } = await runCommand(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root });
  if (status !== 0) process.stdout.write(`--- ${project}\n${output}`);
  return status === 0;
}

const results = await inLanes(projects, 2, check);
process.exit(results.every(Boolean) ? 0 : 1);
