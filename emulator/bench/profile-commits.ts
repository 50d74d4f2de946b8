/**
 * Profiles this emulator on one row of the side-by-side bench (issue 33 item 5): starts the built CLI under
 * `node --cpu-prof`, runs `--n` operations of `--work` through firebase-admin (gRPC), stops the emulator (SIGTERM
 * writes the profile) and prints the functions with the most self time, the emulator's CPU per operation and how
 * that CPU splits over the emulator's threads (main, V8 helpers for GC and compilation, libuv pool).
 *   --work=commit  sequential single-document commits (the default)
 *   --work=query   an equality filter + order + limit 20 over 2000 documents, one after another
 *   --work=tx      30 transactions at once incrementing one counter, repeated n / 30 times
 * `--no-prof` runs without the profiler (its sampling thread costs CPU too).
 *
 * Run from the repository root after `npm run build -w emulator`:
 *   npx tsx emulator/bench/profile-commits.ts [--work=commit] [--n=3000] [--dir=/tmp/emulator-prof] [--no-prof]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { cpuMs } from './proc-cpu';
import { prepareRow, runRow } from './row-work';

process.env['METADATA_SERVER_DETECTION'] ??= 'none';
const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'firestore-emulator.mjs');

const args = z
  .object({
    n: z.coerce.number().int().min(10).max(1_000_000).default(3000),
    dir: z.string().min(1).default('/tmp/emulator-prof'),
    work: z.enum(['commit', 'query', 'tx']).default('commit'),
    'no-prof': z.boolean().default(false),
  })
  .parse(
    parseArgs({
      options: { n: { type: 'string' }, dir: { type: 'string' }, work: { type: 'string' }, 'no-prof': { type: 'boolean' } },
    }).values,
  );

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** CPU (ms) per thread name of a process, from /proc/<pid>/task. */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const name = readFileSync(`/proc/${pid}/task/${task}/comm`, 'utf8').trim().replace(/\d+$/, 'N');
    out.set(name, (out.get(name) ?? 0) + cpuMs(pid, task));
  }
  return out;
}

async function main(): Promise<void> {
  mkdirSync(args.dir, { recursive: true });
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const profFlags = args['no-prof'] ? [] : ['--cpu-prof', `--cpu-prof-dir=${args.dir}`];
  const child = spawn(process.execPath, [...profFlags, CLI, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.on('data', (b: Buffer) => b.toString().includes('ready on') && resolve()));
  const app = initializeApp({ projectId: 'demo-prof' }, 'prof');
  const db = getFirestore(app);
  db.settings({ host: `127.0.0.1:${port}`, ssl: false });
  for (let i = 0; i < 200; i++) await db.collection('warm').doc(`w${i}`).set({ i });
  const counter = await prepareRow(db, args.work);
  const threads0 = threadCpu(child.pid!);
  const cpu0 = cpuMs(child.pid);
  const t0 = performance.now();
  const ops = await runRow(db, args.work, args.n, counter);
  const wall = performance.now() - t0;
  const cpu1 = cpuMs(child.pid);
  const threads1 = threadCpu(child.pid!);
  await deleteApp(app);
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  const file = readdirSync(args.dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()
    .at(-1);
  if (!file) throw new Error('no profile written');
  const prof = JSON.parse(readFileSync(join(args.dir, file), 'utf8')) as Profile;
  const byNode = new Map<number, ProfileNode>(prof.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  prof.samples.forEach((id, i) => {
    const n = byNode.get(id)!;
    const dt = prof.timeDeltas[i] ?? 0;
    total += dt;
    const url = n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/emulator\//, 'emulator/');
    const key = `${n.callFrame.functionName || '(anonymous)'} ${url}:${n.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  console.log(
    `emulator CPU per ${args.work}: ${(((cpu1 - cpu0) / ops) * 1000).toFixed(0)} µs, wall ${((wall / ops) * 1000).toFixed(0)} µs ` +
      `(${ops} operations; load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')})`,
  );
  for (const [name, ms] of threads1) {
    const d = ms - (threads0.get(name) ?? 0);
    if (d > 0) console.log(`  thread ${name}: ${((d / ops) * 1000).toFixed(0)} µs per ${args.work}`);
  }
  if (args['no-prof']) return;
  console.log(`profile: ${join(args.dir, file)}; top self time (whole run, idle included in (idle)):`);
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
