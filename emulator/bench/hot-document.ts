/**
 * Hot document (issue 32): N concurrent transactional increments of one counter document through firebase-admin
 * (gRPC), against the emulator with production-limits mode on (production's figures unless tuned) and off.
 * Prints JSON and a table: successes, ABORTED failures the SDK surfaced (after its own 5 attempts), the counter's
 * final value, p50 / p95 / max latency of a runTransaction call, the whole run's time, and the mode's report of the
 * document (delayed commits, aborted commits).
 *
 * Run from the repository root: npx tsx emulator/bench/hot-document.ts [--n=50] [--rate=1] [--burst=5] [--tx-wait-ms=5000]
 * (or `npm run bench:hot -w emulator -- --n=100`). Writes emulator/bench-results/hot-document.json.
 * The emulators run in this process (the library's start()); the figures are dominated by the mode's waits and
 * the SDK's back-off (1 s, 1.5 s, 2.25 s, 3.4 s with jitter), not by CPU.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import type { ProductionLimitsOptions } from '../src/index';
import { start } from '../src/index';

process.env['METADATA_SERVER_DETECTION'] ??= 'none';

const HERE = dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, '..', 'bench-results', 'hot-document.json');

const argsSchema = z.object({
  n: z.coerce.number().int().min(1).max(10_000).default(50),
  rate: z.coerce.number().positive().max(1_000_000).default(1),
  burst: z.coerce.number().int().min(1).max(1_000_000).default(5),
  'tx-wait-ms': z.coerce.number().int().min(0).max(600_000).default(5_000),
});

interface Row {
  mode: 'limits on' | 'limits off';
  transactions: number;
  successes: number;
  abortedFailures: number;
  otherFailures: number;
  counter: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  totalMs: number;
  delayedCommits: number | null;
  abortedCommits: number | null;
  failureMessage: string | null;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function run(n: number, limits: ProductionLimitsOptions | null): Promise<Row> {
  const emulator = await start({ port: 0, ...(limits ? { productionLimits: { ...limits, reportOnStop: false } } : {}) });
  const app = initializeApp({ projectId: 'demo-hot' }, `hot-${Math.random()}`);
  try {
    const db = getFirestore(app);
    db.settings({ host: `${emulator.host}:${emulator.port}`, ssl: false });
    const ref = db.doc('codes/free-code');
    await ref.set({ buyers_count: 0 });
    const latencies: number[] = [];
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: n }, async () => {
        const t0 = performance.now();
        try {
          await db.runTransaction(async (tx) => {
            const snap = await tx.get(ref);
            tx.update(ref, { buyers_count: (snap.get('buyers_count') as number) + 1 });
          });
        } finally {
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const totalMs = performance.now() - started;
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as Error);
    const aborted = failures.filter((e) => (e as { code?: unknown }).code === 10);
    const counter = (await ref.get()).get('buyers_count') as number;
    const hot = emulator.productionLimitsReport()?.documents.find((d) => d.path === 'codes/free-code');
    latencies.sort((a, b) => a - b);
    return {
      mode: limits ? 'limits on' : 'limits off',
      transactions: n,
      successes: n - failures.length,
      abortedFailures: aborted.length,
      otherFailures: failures.length - aborted.length,
      counter,
      p50Ms: Math.round(percentile(latencies, 50)),
      p95Ms: Math.round(percentile(latencies, 95)),
      maxMs: Math.round(latencies[latencies.length - 1] ?? 0),
      totalMs: Math.round(totalMs),
      delayedCommits: hot ? hot.delayedWrites : null,
      abortedCommits: hot ? hot.aborts : null,
      failureMessage: failures[0] ? failures[0].message : null,
    };
  } finally {
    await deleteApp(app);
    await emulator.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { n: { type: 'string' }, rate: { type: 'string' }, burst: { type: 'string' }, 'tx-wait-ms': { type: 'string' } },
    strict: true,
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    process.stderr.write(`${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n')}\n`);
    process.exit(2);
  }
  const args = parsed.data;
  const limits: ProductionLimitsOptions = {
    documentWritesPerSecond: args.rate,
    documentBurst: args.burst,
    transactionMaxWaitMs: args['tx-wait-ms'],
  };
  const load = loadavg()[0];
  const rows = [await run(args.n, null), await run(args.n, limits)];
  const result = {
    bench: 'hot-document',
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverage1m: load },
    limits,
    rows,
  };
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(result)}\n\n`);
  const header =
    '| mode | transactions | successes | ABORTED failures | other failures | counter | p50 ms | p95 ms | max ms | total ms | delayed / aborted commits |';
  const lines = [header, '|---|---|---|---|---|---|---|---|---|---|---|'];
  for (const r of rows) {
    lines.push(
      `| ${r.mode} | ${r.transactions} | ${r.successes} | ${r.abortedFailures} | ${r.otherFailures} | ${r.counter} | ${r.p50Ms} | ${r.p95Ms} | ` +
        `${r.maxMs} | ${r.totalMs} | ${r.delayedCommits === null ? '-' : `${r.delayedCommits} / ${r.abortedCommits}`} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  const failed = rows.find((r) => r.failureMessage !== null);
  if (failed) process.stdout.write(`\nFirst failure (${failed.mode}): ${failed.failureMessage}\n`);
  if (rows.some((r) => r.counter !== r.successes)) {
    process.stderr.write('The counter differs from the successful transactions.\n');
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
