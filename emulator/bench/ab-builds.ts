/**
 * A/B of two builds of this emulator (issue 33 item 5): runs the same work through firebase-admin (gRPC) against
 * build A and build B in alternating rounds and prints the emulator's CPU per operation (from /proc, main process)
 * and the wall time per operation for each, medians, with the load average. CPU per operation moves less with the
 * machine's load than wall time, so it is the figure to compare on a shared machine.
 *
 *   npx tsx emulator/bench/ab-builds.ts --a=emulator/.ab/base/cli.js --b=emulator/dist/cli.js [--work=commit|query|tx]
 *     [--n=2000] [--rounds=5]
 * (copy a build's dist/cli.js aside before rebuilding to keep it as A; the copy must stay under the repository so
 * that it resolves the same dependencies).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { cpuMs } from './proc-cpu';
import { prepareRow, runRow } from './row-work';

process.env['METADATA_SERVER_DETECTION'] ??= 'none';

const args = z
  .object({
    a: z.string().min(1),
    b: z.string().min(1),
    work: z.enum(['commit', 'query', 'tx']).default('commit'),
    n: z.coerce.number().int().min(30).max(1_000_000).default(2000),
    rounds: z.coerce.number().int().min(1).max(50).default(5),
  })
  .parse(
    parseArgs({
      options: {
        a: { type: 'string' },
        b: { type: 'string' },
        work: { type: 'string' },
        n: { type: 'string' },
        rounds: { type: 'string' },
      },
    }).values,
  );

async function start(cli: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await new Promise<number>((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });
  const child = spawn(process.execPath, [resolve(cli), '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((res) => child.stdout.on('data', (b: Buffer) => b.toString().includes('ready on') && res()));
  return { child, port };
}

async function run(cli: string, tag: string): Promise<{ cpuUs: number; wallUs: number }> {
  const { child, port } = await start(cli);
  const app = initializeApp({ projectId: 'demo-ab' }, `ab-${tag}`);
  const db = getFirestore(app);
  db.settings({ host: `127.0.0.1:${port}`, ssl: false });
  try {
    for (let i = 0; i < 300; i++) await db.doc(`warm/w${i % 20}`).set({ i });
    const counter = await prepareRow(db, args.work);
    const pid = child.pid!;
    const c0 = cpuMs(pid);
    const t0 = performance.now();
    const ops = await runRow(db, args.work, args.n, counter);
    const wall = performance.now() - t0;
    return { cpuUs: ((cpuMs(pid) - c0) * 1000) / ops, wallUs: (wall * 1000) / ops };
  } finally {
    await deleteApp(app);
    child.kill('SIGTERM');
  }
}

const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)] as number;

async function main(): Promise<void> {
  const load0 = loadavg();
  const res: Record<'a' | 'b', Array<{ cpuUs: number; wallUs: number }>> = { a: [], b: [] };
  for (let r = 0; r < args.rounds; r++)
    for (const k of r % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      res[k].push(await run(args[k], `${k}${r}`));
      console.error(`round ${r + 1} ${k}: ${JSON.stringify(res[k].at(-1))}`);
    }
  const load1 = loadavg();
  for (const k of ['a', 'b'] as const)
    console.log(
      `${k} ${args[k]}: ${args.work} CPU ${median(res[k].map((x) => x.cpuUs)).toFixed(0)} µs, wall ${median(res[k].map((x) => x.wallUs)).toFixed(0)} µs (median of ${args.rounds})`,
    );
  const cpuRatio = median(res.a.map((x) => x.cpuUs)) / median(res.b.map((x) => x.cpuUs));
  console.log(
    `B uses ${cpuRatio.toFixed(2)}x less CPU than A; load average ${load0.map((x) => x.toFixed(1)).join(' ')} -> ${load1
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
