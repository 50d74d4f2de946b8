// What scripts/test.mjs, validate.mjs and typecheck.mjs share: run a command keeping its output (to
// show only when it fails), and work through a list a few items at a time.
import { spawn } from 'node:child_process';

/**
 * Runs `command`; resolves with its exit status (null on a signal), the signal, and its output when
 * `buffered` (stdout and stderr interleaved), else its output goes straight to this terminal.
 */
export function runCommand(command, args, { cwd, env = process.env, buffered = true }) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (status, signal) => done({ status, signal, output: Buffer.concat(chunks).toString() }));
  });
}

/** Calls `work` on every item, at most `lanes` at a time, in the list's order; resolves with the results. */
export async function inLanes(items, lanes, work) {
  const queue = [...items];
  const results = [];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) results.push(await work(item));
    }),
  );
  return results;
}
