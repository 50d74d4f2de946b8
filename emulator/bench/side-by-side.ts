/**
 * Side by side (issue 33 item 5): this emulator against `@firestore-emulator/server` (the peer, gRPC only) on the
 * same client (firebase-admin over gRPC, in this process) and the same work, in alternating rounds, medians.
 * Each emulator runs as its own process: ours is the built CLI (`npm run build -w emulator` first), the peer is
 * installed from the npm registry into a temporary directory (never into the project's dependencies) unless
 * `--peer-dir` names a directory where it is already installed.
 *
 * Run from the repository root: npx tsx emulator/bench/side-by-side.ts [--rounds=5] [--commits=400] [--queries=1000]
 *   [--peer-dir=DIR] [--label=NAME] [--ours=PATH-TO-A-COPY-OF-dist/cli.js] [--before=PATH-TO-AN-OLDER-COPY]
 * Writes emulator/bench-results/side-by-side.json and prints a table with the load average before and after: on
 * a shared 2-core machine the figures move with the other work, so read them with the load they ran under.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import type { Firestore } from 'firebase-admin/firestore';
import { getFirestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { cpuMs } from './proc-cpu';

process.env['METADATA_SERVER_DETECTION'] ??= 'none';

const HERE = dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, '..', 'bench-results', 'side-by-side.json');
const CLI = join(HERE, '..', 'bin', 'firestore-emulator.mjs');
const PEER = '@firestore-emulator/server@0.3.15';

const argsSchema = z.object({
  rounds: z.coerce.number().int().min(1).max(20).default(5),
  commits: z.coerce.number().int().min(10).max(100_000).default(400),
  // A p95 of 200 queries is their 10th slowest, which moved by 1.8x between runs on this machine; of 1,000, the 50th.
  queries: z.coerce.number().int().min(10).max(100_000).default(1000),
  docs: z.coerce.number().int().min(100).max(100_000).default(2000),
  contenders: z.coerce.number().int().min(2).max(200).default(30),
  'peer-dir': z.string().min(1).optional(),
  /** Runs this build of our CLI (a copy of dist/cli.js under the repository) instead of bin/. */
  ours: z.string().min(1).optional(),
  /** Adds a fourth server to every round: this older build of our CLI (before / after in the same window). */
  before: z.string().min(1).optional(),
  /** Names the results file (bench-results/side-by-side-<label>.json), e.g. before / after. */
  label: z
    .string()
    .regex(/^[\w-]{1,40}$/)
    .optional(),
});
type Args = z.infer<typeof argsSchema>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function median(xs: readonly number[]): number {
  return percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
}

/** Installs the peer into a temporary directory (or uses --peer-dir) and returns that directory. */
function peerDir(given: string | undefined): string {
  if (given !== undefined) {
    if (!existsSync(join(given, 'node_modules', '@firestore-emulator', 'server'))) {
      throw new Error(`--peer-dir ${given} has no node_modules/@firestore-emulator/server`);
    }
    return given;
  }
  const dir = mkdtempSync(join(tmpdir(), 'peer-emulator-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'peer-emulator-bench', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', PEER], { cwd: dir, stdio: 'inherit' });
  return dir;
}

type ServerName = 'ours' | 'peer' | 'floor' | 'before';
const FLOOR = join(HERE, 'floor-server.ts');

interface Running {
  name: ServerName;
  hostPort: string;
  child: ChildProcess;
}

function waitForOutput(child: ChildProcess, marker: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start: ${seen.slice(-500)}`)), 60_000);
    const onData = (b: Buffer): void => {
      seen += b.toString();
      if (seen.includes(marker)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}): ${seen.slice(-500)}`)));
  });
}

async function startOurs(cli: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [cli, '--host', '127.0.0.1', '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForOutput(child, 'ready on', 'this emulator');
  return { name: 'ours', hostPort: `127.0.0.1:${port}`, child };
}

async function startPeer(dir: string): Promise<Running> {
  const port = await freePort();
  const script =
    `const { FirestoreServer } = require(${JSON.stringify(join(dir, 'node_modules', '@firestore-emulator', 'server'))});` +
    `new FirestoreServer().start(${port}).then(() => console.log('peer ready'));`;
  const child = spawn(process.execPath, ['-e', script], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  await waitForOutput(child, 'peer ready', 'the peer');
  return { name: 'peer', hostPort: `127.0.0.1:${port}`, child };
}

/** The floor (bench/floor-server.ts): fixed answers, no work; what the client alone allows. */
async function startFloor(): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', FLOOR, String(port)], {
    cwd: join(HERE, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForOutput(child, 'floor ready', 'the floor');
  return { name: 'floor', hostPort: `127.0.0.1:${port}`, child };
}

function stop(r: Running): Promise<void> {
  return new Promise((resolve) => {
    if (r.child.exitCode !== null) {
      resolve();
      return;
    }
    r.child.once('exit', () => resolve());
    r.child.kill('SIGTERM');
  });
}

interface Figures {
  sequentialCommitsPerSec: number;
  inFlight8CommitsPerSec: number;
  queryP50Ms: number;
  queryP95Ms: number;
  contendedTxPerSec: number;
  contendedCounter: number;
  /** The same transactions one after another, uncontended: what a server that runs them in turn can reach. */
  serialTxPerSec: number;
  /** CPU per operation (µs) of the server process and of the client (this process), per row. */
  sequentialServerCpuUs: number;
  sequentialClientCpuUs: number;
  queryServerCpuUs: number;
  /** The server's JavaScript thread alone: the work on each query's path (the rest runs beside it). */
  queryServerMainCpuUs: number;
  queryClientCpuUs: number;
  contendedServerCpuUs: number;
  contendedClientCpuUs: number;
}

/** Runs `work` and returns the CPU (µs) the server and this process used per operation meanwhile. */
async function cpuPerOp(
  pid: number | undefined,
  ops: number,
  work: () => Promise<void>,
): Promise<{ server: number; serverMain: number; client: number }> {
  const s0 = cpuMs(pid);
  const m0 = cpuMs(pid, pid); // the thread that runs its JavaScript
  const c0 = process.cpuUsage();
  await work();
  const c = process.cpuUsage(c0);
  const s1 = cpuMs(pid);
  const m1 = cpuMs(pid, pid);
  return { server: ((s1 - s0) * 1000) / ops, serverMain: ((m1 - m0) * 1000) / ops, client: (c.user + c.system) / ops };
}

async function measure(server: Running, a: Args, tag: string): Promise<Figures> {
  const app = initializeApp({ projectId: `demo-side-${tag}` }, `side-${tag}-${Math.random()}`);
  const db: Firestore = getFirestore(app);
  db.settings({ host: server.hostPort, ssl: false });
  const pid = server.child.pid;
  try {
    // Warm-up: connection, first requests, JIT on both sides.
    for (let i = 0; i < 200; i++)
      await db
        .collection('warm')
        .doc(`w${i % 20}`)
        .set({ i });

    let t = performance.now();
    const seqCpu = await cpuPerOp(pid, a.commits, async () => {
      for (let i = 0; i < a.commits; i++) await db.collection('seq').doc(`d${i}`).set({ i, s: 'x' });
    });
    const sequentialCommitsPerSec = a.commits / ((performance.now() - t) / 1000);

    t = performance.now();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < a.commits * 2) {
        const i = next++;
        await db.collection('par').doc(`d${i}`).set({ i, s: 'x' });
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const inFlight8CommitsPerSec = (a.commits * 2) / ((performance.now() - t) / 1000);

    // Query: equality filter + order + limit 20 over `docs` documents.
    const batchSize = 400;
    for (let i = 0; i < a.docs; i += batchSize) {
      const b = db.batch();
      for (let j = i; j < Math.min(a.docs, i + batchSize); j++) b.set(db.collection('q').doc(`d${j}`), { g: j % 10, n: j });
      await b.commit();
    }
    const times: number[] = [];
    const queryCpu = await cpuPerOp(pid, a.queries, async () => {
      for (let i = 0; i < a.queries; i++) {
        const s = performance.now();
        const snap = await db
          .collection('q')
          .where('g', '==', i % 10)
          .orderBy('n')
          .limit(20)
          .get();
        times.push(performance.now() - s);
        if (snap.size !== 20) throw new Error(`query returned ${snap.size} documents`);
      }
    });
    times.sort((x, y) => x - y);

    // Contended transactions on one counter.
    const counter = db.collection('tx').doc('counter');
    await counter.set({ n: 0 });
    t = performance.now();
    const txCpu = await cpuPerOp(pid, a.contenders, async () => {
      await Promise.all(
        Array.from({ length: a.contenders }, () =>
          db
            .runTransaction(async (tx) => {
              const n = ((await tx.get(counter)).get('n') as number | undefined) ?? 0;
              tx.update(counter, { n: n + 1 });
            })
            .catch(() => undefined),
        ),
      );
    });
    const contendedTxPerSec = a.contenders / ((performance.now() - t) / 1000);
    const contendedCounter = ((await counter.get()).get('n') as number | undefined) ?? 0;
    t = performance.now();
    for (let i = 0; i < a.contenders; i++)
      await db.runTransaction(async (tx) => {
        const n = ((await tx.get(counter)).get('n') as number | undefined) ?? 0;
        tx.update(counter, { n: n + 1 });
      });
    const serialTxPerSec = a.contenders / ((performance.now() - t) / 1000);
    return {
      sequentialCommitsPerSec,
      inFlight8CommitsPerSec,
      queryP50Ms: percentile(times, 50),
      queryP95Ms: percentile(times, 95),
      contendedTxPerSec,
      contendedCounter,
      serialTxPerSec,
      sequentialServerCpuUs: seqCpu.server,
      sequentialClientCpuUs: seqCpu.client,
      queryServerCpuUs: queryCpu.server,
      queryServerMainCpuUs: queryCpu.serverMain,
      queryClientCpuUs: queryCpu.client,
      contendedServerCpuUs: txCpu.server,
      contendedClientCpuUs: txCpu.client,
    };
  } finally {
    await deleteApp(app);
  }
}

async function start(name: ServerName, dir: string, oursCli: string, beforeCli?: string): Promise<Running> {
  if (name === 'ours') return startOurs(oursCli);
  if (name === 'before') return startOurs(beforeCli ?? oursCli);
  if (name === 'peer') return startPeer(dir);
  return startFloor();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string' },
      commits: { type: 'string' },
      queries: { type: 'string' },
      docs: { type: 'string' },
      contenders: { type: 'string' },
      'peer-dir': { type: 'string' },
      label: { type: 'string' },
      ours: { type: 'string' },
      before: { type: 'string' },
    },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(`side-by-side: bad arguments: ${parsed.error.message}`);
    process.exit(2);
  }
  const a = parsed.data;
  if (!existsSync(join(HERE, '..', 'dist'))) {
    console.error('side-by-side: build the emulator first (npm run build -w emulator)');
    process.exit(2);
  }
  const oursCli = a.ours === undefined ? CLI : resolve(a.ours);
  if (!existsSync(oursCli)) {
    console.error(`side-by-side: --ours ${oursCli} does not exist`);
    process.exit(2);
  }
  const beforeCli = a.before === undefined ? undefined : resolve(a.before);
  if (beforeCli !== undefined && !existsSync(beforeCli)) {
    console.error(`side-by-side: --before ${beforeCli} does not exist`);
    process.exit(2);
  }
  const SERVERS: ServerName[] = beforeCli === undefined ? ['ours', 'peer', 'floor'] : ['ours', 'peer', 'floor', 'before'];
  const dir = peerDir(a['peer-dir']);
  const loadBefore = loadavg();
  const results: Record<ServerName, Figures[]> = { ours: [], peer: [], floor: [], before: [] };
  // One round against the floor, not counted: the bench process's own first calls (firebase-admin and grpc-js not
  // yet compiled) would otherwise land on whichever server round 1 starts with, always ours (in one run without it,
  // ours' first p95 was 9.1 ms against 3.9-5.5 ms in its other four rounds; ADR 0053's fourth amendment).
  const warm = await start('floor', dir, oursCli, beforeCli);
  try {
    await measure(warm, a, 'warm-up');
  } finally {
    await stop(warm);
  }
  for (let round = 0; round < a.rounds; round++) {
    // Each round starts with the next server, so none always runs first (a fresh client's JIT, GC debt).
    for (const name of [...SERVERS.slice(round % SERVERS.length), ...SERVERS.slice(0, round % SERVERS.length)]) {
      const r = await start(name, dir, oursCli, beforeCli);
      try {
        results[name].push(await measure(r, a, `${name}${round}`));
      } finally {
        await stop(r);
      }
      console.error(`round ${round + 1}/${a.rounds} ${name}: ${JSON.stringify(results[name].at(-1))}`);
    }
  }
  const loadAfter = loadavg();
  const keys: Array<[keyof Figures, string, 'higher' | 'lower', boolean]> = [
    ['sequentialCommitsPerSec', 'sequential commits (/s)', 'higher', true],
    ['inFlight8CommitsPerSec', '8 commits in flight (/s)', 'higher', false],
    ['queryP50Ms', 'query p50 (ms)', 'lower', false],
    ['queryP95Ms', 'query p95 (ms)', 'lower', true],
    ['contendedTxPerSec', `${a.contenders}-way transactions on one counter (/s)`, 'higher', true],
    ['contendedCounter', `counter after ${a.contenders} increments`, 'higher', false],
    ['serialTxPerSec', `${a.contenders} transactions one after another (/s)`, 'higher', false],
    ['sequentialServerCpuUs', 'server CPU per sequential commit (µs)', 'lower', false],
    ['sequentialClientCpuUs', 'client CPU per sequential commit (µs)', 'lower', false],
    ['queryServerCpuUs', 'server CPU per query (µs)', 'lower', false],
    ['queryServerMainCpuUs', "server's JavaScript thread per query (µs)", 'lower', false],
    ['queryClientCpuUs', 'client CPU per query (µs)', 'lower', false],
    ['contendedServerCpuUs', 'server CPU per contended transaction (µs)', 'lower', false],
    ['contendedClientCpuUs', 'client CPU per contended transaction (µs)', 'lower', false],
  ];
  const rows = keys.map(([k, label, better, goal]) => {
    const [ours, peer, floor] = (['ours', 'peer', 'floor'] as const).map((n) => median(results[n].map((f) => f[k]))) as [
      number,
      number,
      number,
    ];
    const before = beforeCli === undefined ? Number.NaN : median(results.before.map((f) => f[k]));
    const vsPeer = (x: number): number => (better === 'higher' ? x / peer : peer / x);
    const ratio = vsPeer(ours);
    const floorRatio = k === 'contendedCounter' ? Number.NaN : vsPeer(floor);
    // The floor does no work: when even it is under 3x the peer, no server can reach 3x on this client.
    let verdict = !goal
      ? ''
      : ratio >= 3
        ? 'at least 3x'
        : floorRatio < 3
          ? `3x impossible: the floor is ${floorRatio.toFixed(2)}x`
          : 'under 3x';
    if (goal && k === 'contendedTxPerSec' && ratio < 3) {
      // An exact server runs contended transactions on one document in turn (the peer runs them at once and loses
      // the updates): its bound is the floor's rate for the same transactions one after another.
      const serial = median(results.floor.map((f) => f.serialTxPerSec)) / peer;
      verdict += `; in turn, as exactness needs, the floor is ${serial.toFixed(2)}x`;
    }
    if (goal && better === 'lower' && ratio < 3 && floorRatio >= 3) {
      // A latency row the floor passes: how much a server may add to the floor's figure and still be 3x, against
      // what ours adds. Any real server adds its own work (decoding, planning, encoding) to every call's path.
      verdict += `: 3x leaves ${(peer / 3 - floor).toFixed(2)} ms over a server that does nothing, ours adds ${(ours - floor).toFixed(2)} ms`;
    }
    const beforeRatio = vsPeer(before);
    return { key: k, label, ours, peer, floor, before, ratio, floorRatio, beforeRatio, verdict };
  });
  const out = {
    date: new Date().toISOString(),
    label: a.label ?? null,
    cpus: cpus().length,
    loadBefore,
    loadAfter,
    args: a,
    peer: PEER,
    rows,
    rounds: results,
  };
  mkdirSync(dirname(RESULTS), { recursive: true });
  const file = a.label === undefined ? RESULTS : RESULTS.replace(/\.json$/, `-${a.label}.json`);
  writeFileSync(file, JSON.stringify(out, null, 2));
  const f = (x: number): string => (Number.isNaN(x) ? '-' : x >= 100 ? x.toFixed(0) : x.toFixed(2));
  const r2 = (x: number): string => (Number.isNaN(x) ? '-' : `${x.toFixed(2)}x`);
  const withBefore = beforeCli !== undefined;
  console.log(
    `| work (median of ${a.rounds}) | this emulator |${withBefore ? ' before (--before) |' : ''} ${PEER} | floor (no work) | ours vs peer |${withBefore ? ' before vs peer |' : ''} floor vs peer | 3x? |`,
  );
  console.log(`|---|---|---|---|---|---|---|${withBefore ? '---|---|' : ''}`);
  for (const r of rows)
    console.log(
      `| ${r.label} | ${f(r.ours)} |${withBefore ? ` ${f(r.before)} |` : ''} ${f(r.peer)} | ${f(r.floor)} | ${r2(r.ratio)} |${withBefore ? ` ${r2(r.beforeRatio)} |` : ''} ${r2(r.floorRatio)} | ${r.verdict} |`,
    );
  console.log(
    `load average before ${loadBefore.map((x) => x.toFixed(1)).join(' ')}, after ${loadAfter
      .map((x) => x.toFixed(1))
      .join(' ')} (${cpus().length} cores); written to ${file}`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
