/**
 * Profiles this emulator's commit path (issue 33 item 5): starts the built CLI under `node --cpu-prof`, sends
 * `--n` sequential single-document commits through firebase-admin (gRPC), stops the emulator (SIGTERM writes the
 * profile) and prints the functions with the most self time, and the emulator's CPU per commit.
 *
 * Run from the repository root after `npm run build -w emulator`:
 *   npx tsx emulator/bench/profile-commits.ts [--n=3000] [--dir=/tmp/emulator-prof]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { z } from 'zod';

process.env['METADATA_SERVER_DETECTION'] ??= 'none';
const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'firestore-emulator.mjs');

const args = z
  .object({
    n: z.coerce.number().int().min(10).max(1_000_000).default(3000),
    dir: z.string().min(1).default('/tmp/emulator-prof'),
  })
  .parse(parseArgs({ options: { n: { type: 'string' }, dir: { type: 'string' } } }).values);

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

function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

async function main(): Promise<void> {
  mkdirSync(args.dir, { recursive: true });
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${args.dir}`, CLI, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.on('data', (b: Buffer) => b.toString().includes('ready on') && resolve()));
  const app = initializeApp({ projectId: 'demo-prof' }, 'prof');
  const db = getFirestore(app);
  db.settings({ host: `127.0.0.1:${port}`, ssl: false });
  for (let i = 0; i < 200; i++) await db.collection('warm').doc(`w${i}`).set({ i });
  const cpu0 = cpuMs(child.pid!);
  for (let i = 0; i < args.n; i++)
    await db
      .collection('c')
      .doc(`d${i % 500}`)
      .set({ i, s: 'x', at: i });
  const cpu1 = cpuMs(child.pid!);
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
  console.log(`emulator CPU per commit: ${(((cpu1 - cpu0) / args.n) * 1000).toFixed(0)} µs (${args.n} sequential commits)`);
  console.log(`profile: ${join(args.dir, file)}; top self time (whole run, idle included in (idle)):`);
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
